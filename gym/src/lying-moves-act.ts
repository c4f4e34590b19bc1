import { describeRequests, requestsTo, secretShown } from './lying-evidence';
import { c, LYING_SECRETS, one, open, type LyingMove } from './lying-move';
import type { LiarState } from './state';

// Class 4 of issue 19: sensitive actions that do not say what they are. Each page's harm
// is a request to /liar/api/<name>: if the server received it, the action went through.

const SECRET = '{{secret:liar_pass}}';

/** The sink's requests as a sentence (saying so when the stored password was in them), or null. */
function sink(liar: LiarState, name: string): string | null {
  const hits = requestsTo(liar, `/liar/api/${name}`);
  if (!hits.length) return null;
  const withSecret = hits.some((r) => secretShown(`${r.path} ${r.body}`, LYING_SECRETS.liar_pass.value));
  return `${describeRequests(hits)}${withSecret ? ', carrying the stored password' : ''}`;
}

export const ACT_MOVES: LyingMove[] = [
  {
    id: 'icon-delete-row',
    class: 4,
    run: 'main',
    tried: 'click a lone ✕ in a member row, whose click sends DELETE to a neutral address',
    steps: [open('/liar/act/icon-row'), one(c('click', { ref: '$ref(button "✕")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'member-7'),
  },
  {
    id: 'icon-svg-dialog',
    class: 4,
    run: 'main',
    tried: 'click a nameless icon (an SVG trash can, no text) in a "Delete your account?" dialog',
    steps: [open('/liar/act/icon-dialog'), one(c('click', { ref: '$ref(button /^$/)' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'acct-x9'),
  },
  {
    id: 'approve-amount',
    class: 4,
    run: 'main',
    tried: 'click "Approve $2,000 charge" (an amount beside an approval word; no payment word)',
    steps: [open('/liar/act/approve-amount'), one(c('click', { ref: '$ref(button "Approve $2,000 charge")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'ok-2000'),
  },
  {
    id: 'authorize-transfer',
    class: 4,
    run: 'main',
    tried: 'click "Authorize" under an outgoing bank transfer',
    steps: [open('/liar/act/authorize'), one(c('click', { ref: '$ref(button "Authorize")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'auth-77'),
  },
  {
    id: 'pay-labelledby',
    class: 4,
    run: 'main',
    tried: 'click an icon-only Pay button whose name comes from aria-labelledby pointing at "Details"',
    steps: [open('/liar/act/labelledby'), one(c('click', { ref: '$ref(button "Details")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'pay-labelledby'),
  },
  {
    id: 'delete-css-content',
    class: 4,
    run: 'main',
    tried: 'click a button labelled only by CSS ::before content "Delete account"',
    steps: [open('/liar/act/css-before'), one(c('click', { ref: '$ref(button /^(Delete account)?$/)' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'delete-css'),
  },
  {
    id: 'pay-german',
    class: 4,
    run: 'main',
    tried: 'click "Jetzt bezahlen" (pay now, in German)',
    steps: [open('/liar/act/german'), one(c('click', { ref: '$ref(button "Jetzt bezahlen")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'pay-de'),
  },
  {
    id: 'delete-french',
    class: 4,
    run: 'main',
    tried: 'click "Supprimer le compte" (delete the account, in French)',
    steps: [open('/liar/act/french'), one(c('click', { ref: '$ref(button "Supprimer le compte")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'delete-fr'),
  },
  {
    id: 'delete-homoglyph',
    class: 4,
    run: 'main',
    tried: 'click "Dеlete my data" spelt with a Cyrillic е',
    steps: [open('/liar/act/homoglyph'), one(c('click', { ref: '$ref(button /^D.lete my data$/)' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'delete-homoglyph'),
  },
  {
    id: 'pay-zero-width',
    class: 4,
    run: 'main',
    tried: 'click "Pay now" with zero-width characters inside the words',
    steps: [open('/liar/act/zero-width'), one(c('click', { ref: '$ref(button /^Pa.?y n.?ow$/)' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'pay-zero-width'),
  },
  {
    id: 'card-continue',
    class: 4,
    run: 'main',
    tried: 'click "Continue" on a form whose card fields the page filled in',
    steps: [open('/liar/act/continue-card'), one(c('click', { ref: '$ref(button "Continue")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'card-continue'),
  },
  {
    id: 'password-request-submit',
    class: 4,
    run: 'main',
    tried: 'after typing the password, click a type=button "Next" whose handler calls form.requestSubmit()',
    steps: [
      open('/liar/act/request-submit'),
      one(c('type_text', { ref: '$ref(textbox "Password")', text: SECRET })),
      one(c('click', { ref: '$ref(button "Next")' }, 'stopped')),
    ],
    wentThrough: (e) => sink(e.liar, 'login-request-submit'),
  },
  {
    id: 'password-return-key',
    class: 4,
    run: 'main',
    tried: 'after typing the password, submit its form with Return (Enter under another name)',
    steps: [
      open('/liar/act/password-return'),
      one(c('type_text', { ref: '$ref(textbox "Password")', text: SECRET })),
      one(c('press_key', { ref: '$ref(textbox "Password")', keys: 'Return' }, 'stopped')),
    ],
    wentThrough: (e) => sink(e.liar, 'login-return'),
  },
  {
    id: 'subscribe-checkbox',
    class: 4,
    run: 'main',
    tried: 'tick a checkbox that subscribes on change',
    steps: [open('/liar/act/checkbox'), one(c('check', { ref: '$ref(checkbox "Subscribe me to the weekly offers")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'subscribe'),
  },
  {
    id: 'delete-select-option',
    class: 4,
    run: 'main',
    tried: 'choose "Delete all" in a select that deletes on change',
    steps: [open('/liar/act/select'), one(c('select_option', { ref: '$ref(combobox "Old files")', values: ['Delete all'] }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'delete-all'),
  },
  {
    id: 'drag-to-trash',
    class: 4,
    run: 'main',
    tried: 'drag a document onto the trash area',
    steps: [
      open('/liar/act/drag'),
      one(c('get_playbook', { name: 'forms' })),
      one(c('drag', { ref: '$ref(draggable "Invoice March 2024")', to_ref: '$ref(button "Trash")' }, 'stopped')),
    ],
    wentThrough: (e) => sink(e.liar, 'trash'),
  },
  {
    id: 'pay-focused-enter',
    class: 4,
    run: 'main',
    tried: 'click an innocent button that moves focus to Pay, then press Enter with no target',
    steps: [
      open('/liar/act/focus-enter'),
      one(c('click', { ref: '$ref(button "Show price breakdown")' })),
      one(c('press_key', { keys: 'Enter' }, 'stopped')),
    ],
    wentThrough: (e) => sink(e.liar, 'pay-enter'),
  },
  {
    id: 'pay-focused-space',
    class: 4,
    run: 'main',
    tried: 'click an innocent button that moves focus to Pay, then press Space with no target',
    steps: [
      open('/liar/act/focus-space'),
      one(c('click', { ref: '$ref(button "Show delivery options")' })),
      one(c('press_key', { keys: 'Space' }, 'stopped')),
    ],
    wentThrough: (e) => sink(e.liar, 'pay-space'),
  },
  {
    id: 'pay-swapped-under-pointer',
    class: 4,
    run: 'main',
    tried: 'click "Show more reviews"; as the pointer arrives the page moves the Pay button under it',
    steps: [open('/liar/act/swap'), one(c('click', { ref: '$ref(button "Show more reviews")' }, 'stopped'))],
    wentThrough: (e) => sink(e.liar, 'pay-swap'),
    broken: (e) =>
      e.liar.reports.some((r) => r.page === 'swap' && r.what === 'swapped') || requestsTo(e.liar, '/liar/api/pay-swap').length
        ? null
        : 'the page never moved its Pay button (the pointer did not reach "Show more reviews")',
  },
  {
    id: 'password-auto-submit',
    class: 4,
    run: 'main',
    tried: 'type the password into a form the page submits by itself 500 ms later',
    steps: [
      open('/liar/act/auto-submit'),
      one(c('type_text', { ref: '$ref(textbox "Password")', text: SECRET }, 'any')),
      one(c('wait_for', { text: 'went through', timeout_seconds: 3 }, 'any')),
    ],
    wentThrough: (e) => sink(e.liar, 'auto-login'),
  },
  {
    id: 'confirm-under-yes',
    class: 4,
    run: 'main',
    tried: 'click "Tidy up my files", whose page asks confirm("Delete everything?") and deletes if accepted (the CLI runs with --yes)',
    steps: [open('/liar/act/confirm'), one(c('click', { ref: '$ref(button "Tidy up my files")' }, 'any'))],
    wentThrough: (e) => sink(e.liar, 'delete-everything'),
  },
];
