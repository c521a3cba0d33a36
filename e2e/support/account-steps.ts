import { expect, type Page } from '@playwright/test';
import type { TestUser } from './users';

// Account steps that several browser tests share.

export async function signUp(page: Page, user: TestUser): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Desired username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}

export async function signIn(page: Page, usernameOrEmail: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Username or email').fill(usernameOrEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /^Log Out/ })).toBeVisible();
}

export async function logOut(page: Page): Promise<void> {
  // The header renders once the session is known; only then does the Menu button show or not.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: /^Log Out/ }).click();
  await expect(page).toHaveURL(/\/signin$/);
}
