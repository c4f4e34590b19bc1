import { fail, readJson, sendJson, sendStatic, str, type Ctx } from '../http';
import type { GymState } from '../state';
import { driftWanted, renameClasses, renameIds, sendDrifted, type Edit } from './drift';

// The signup form. `/signup?drift=1` serves its drifted variant (see drift.ts): ids, classes
// and data hooks renamed, a wrapper around the form, Email before Full name, the terms before
// the newsletter, and the newsletter checkbox become a switch named by the text beside it —
// every text a person reads unchanged. The flow is one page, so the flag has nowhere to travel.

const FULL_NAME =
  '<div class="field"><label for="fullName">Full name</label><input id="fullName" name="fullName" autocomplete="name" required></div>';
const EMAIL =
  '<div class="field"><label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="email" required></div>';
const NEWSLETTER = '<label><input type="checkbox" id="newsletter" name="newsletter" checked> Send me the monthly newsletter</label>';
const NEWSLETTER_SWITCH =
  '<span class="toggle"><input type="checkbox" role="switch" id="newsletter" name="newsletter" checked aria-labelledby="newsletter-text">' +
  ' <span id="newsletter-text">Send me the monthly newsletter</span></span>';
const TERMS =
  '<label><input type="checkbox" id="terms" name="terms" required> I accept the <a href="/signup/terms.html">terms of membership</a></label>';

const SIGNUP_DRIFT: Edit[] = [
  [`${FULL_NAME}\n        ${EMAIL}`, `${EMAIL}\n        ${FULL_NAME}`],
  [`${NEWSLETTER}<br>\n        ${TERMS}`, `${TERMS}<br>\n        ${NEWSLETTER_SWITCH}`],
  ['<form id="signup" novalidate>', '<div class="panel"><div class="panel-body">\n    <form id="signup" novalidate>'],
  ['</form>', '</form>\n    </div></div>'],
  ['data-next', 'data-forward'],
  ['data-back', 'data-backward'],
  ['data-step', 'data-stage'],
  ['dataset.step', 'dataset.stage'],
  ...renameIds({
    signup: 'join-form',
    summary: 'join-problems',
    fullName: 'member-name',
    email: 'member-email',
    password: 'member-secret',
    confirm: 'member-secret-again',
    'password-hint': 'secret-rules',
    country: 'member-country',
    'plan-group': 'plans',
    birthDate: 'member-born',
    bio: 'member-about',
    newsletter: 'opt-newsletter',
    'newsletter-text': 'opt-newsletter-text',
    terms: 'opt-terms',
    review: 'review-list',
    done: 'welcome',
    s1: 'h-account',
    s2: 'h-profile',
    s3: 'h-review',
  }),
  ...renameClasses({ field: 'form-row', actions: 'button-bar', primary: 'cta', steps: 'progress', review: 'summary-list' }),
];

export async function signupRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (path === '/signup' || path === '/signup/')
    return driftWanted(ctx.url) ? sendDrifted(ctx, 'signup/index.html', SIGNUP_DRIFT) : sendStatic(ctx, 'signup/index.html');
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
