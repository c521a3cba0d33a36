import type { WoodpeckerCycle } from '@contract/woodpecker';

/** '1:05' for 65,000 ms; hours as '1:02:03'. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** 'Cycle 2 · target 0:30' or 'Cycle 1 · this cycle sets the pace'. */
export function cycleHeading(cycle: WoodpeckerCycle): string {
  return cycle.target_ms === null
    ? `Cycle ${cycle.cycle} · this cycle sets the pace`
    : `Cycle ${cycle.cycle} · target ${clockText(cycle.target_ms)}`;
}

/** How a finished cycle compares with the one before: '45 s faster, 1 more right'. */
export function comparisonText(cycle: WoodpeckerCycle, before: WoodpeckerCycle | null | undefined): string {
  if (!before) return 'The first cycle: the next one aims at half its time.';
  const seconds = Math.round(Math.abs(before.time_ms - cycle.time_ms) / 1000);
  const speed =
    cycle.time_ms === before.time_ms
      ? 'as fast'
      : `${seconds} s ${cycle.time_ms < before.time_ms ? 'faster' : 'slower'}`;
  const change = cycle.correct - before.correct;
  const score = change === 0 ? 'as many right' : `${Math.abs(change)} ${change > 0 ? 'more' : 'fewer'} right`;
  return `${speed} than cycle ${before.cycle}, ${score} (${before.correct} of ${before.attempted} in ${clockText(before.time_ms)})`;
}
