import { fail, readJson, sendJson, sendStatic, str, type Ctx } from '../http';
import type { GymState } from '../state';

export async function signupRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (path === '/signup' || path === '/signup/') return sendStatic(ctx, 'signup/index.html');
  if (path === '/signup/terms.html') {
    sendJson(ctx, 200, { terms: 'Be kind on the trail. Leave no trace.' });
    return true;
  }
  if (path !== '/signup/api/accounts' || ctx.method !== 'POST') return false;
  const body = await readJson(ctx);
  if (!body) return fail(ctx, 400, 'Send the account as JSON.');
  const email = str(body.email).toLowerCase();
  const password = typeof body.password === 'string' ? body.password : '';
  if (!str(body.fullName) || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return fail(ctx, 422, 'Name and a valid email are required.');
  if (password.length < 8 || !/\d/.test(password)) return fail(ctx, 422, 'The password needs at least 8 characters and a number.');
  if (body.acceptedTerms !== true) return fail(ctx, 422, 'The terms must be accepted.');
  if (state.accounts.some((a) => a.email === email)) return fail(ctx, 409, 'An account with this email already exists. Sign in instead.');
  const account = {
    fullName: str(body.fullName),
    email,
    passwordSet: true,
    country: str(body.country),
    plan: str(body.plan),
    birthDate: str(body.birthDate),
    bio: str(body.bio),
    newsletter: body.newsletter === true,
    acceptedTerms: true,
  };
  state.accounts.push(account);
  sendJson(ctx, 201, account);
  return true;
}
