/**
 * Session lookups by signed cookie value, each kept ttlMs; bounded so a flood of sessions cannot grow it
 * without end. Requests that miss together share one look-up. Its answer is kept only when nothing was
 * forgotten while it ran (a sign-out then must not be undone by a look-up that read the row before).
 */
export class SessionCache<User extends { id: number }> {
  private readonly entries = new Map<string, { user: User; until: number }>();
  private readonly pending = new Map<string, Promise<User | undefined>>();
  /** Counts what was forgotten: a look-up that saw it change keeps nothing. */
  private forgotten = 0;
  private static readonly maxEntries = 10_000;

  constructor(private readonly ttlMs: number) {}

  get(key: string): User | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.user;
    this.entries.delete(key);
    return undefined;
  }

  lookUp(key: string, load: () => Promise<User | undefined>): Promise<User | undefined> {
    let running = this.pending.get(key);
    if (running) return running;
    const at = this.forgotten;
    running = load().then(
      (user) => {
        if (this.pending.get(key) === running) this.pending.delete(key);
        if (user && at === this.forgotten) this.set(key, user);
        return user;
      },
      (error: unknown) => {
        if (this.pending.get(key) === running) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, running);
    return running;
  }

  private set(key: string, user: User): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= SessionCache.maxEntries) this.entries.clear();
    this.entries.set(key, { user, until: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.forget();
    this.entries.delete(key);
  }

  deleteUser(userId: number): void {
    this.forget();
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  /** Later requests look up afresh rather than join a look-up started before. */
  private forget(): void {
    this.forgotten++;
    this.pending.clear();
  }
}
