import { identifierWords, normalForms, normalise } from './normalise';

// The words that mark a consequence, in English, German, French, Spanish, Italian,
// Portuguese, Dutch and Polish. Entries are words or phrases as people write them (accents
// and all), comma-separated, one line or more per language; they are folded the way page
// text is (normalise.ts) and matched word by word, never inside a longer word ("Pay" but
// not "PayPal", "kup" but not "kupon"). Words that also mean something ordinary are kept
// to phrases: Italian "ordina" is also "sort by", German "zahlen" also "numbers", and
// Spanish "doña" folds to Italian "dona".

export type SensitiveKind = 'payment' | 'deletion' | 'message' | 'subscription';

/** Activating a control named so spends money. */
const PAYMENT = [
  'pay, pay now, paynow, buy, buy now, buynow, purchase, complete purchase, confirm purchase, place order, place the order',
  'place my order, place your order, placeorder, order now, submit order, complete order, confirm order, confirm and pay',
  'confirm payment, submit payment, make payment, make a payment, authorize payment, authorise payment, checkout, check out',
  'transfer, wire, wire funds, wire money, send money, send payment, send funds, donate, top up, add funds, withdraw, book now',
  'book and pay, subscribe and pay, start paid plan, upgrade now, authorize, authorise, authorize payment, authorise charge',
  'authorize charge, approve charge, approve the charge, approve payment, approve transaction, approve transfer',
  'confirm transfer, transfer funds, transfer money, withdraw funds, cash out',
  'bezahlen, jetzt bezahlen, jetzt zahlen, sicher bezahlen, kaufen, jetzt kaufen, bestellen, jetzt bestellen, zur kasse',
  'kostenpflichtig bestellen, zahlungspflichtig bestellen, bestellung abschicken, bestellung absenden, kauf abschließen',
  'überweisen, überweisung ausführen, geld senden, spenden, jetzt spenden, jetzt buchen, aufladen',
  'payer, payer maintenant, acheter, acheter maintenant, commander, passer la commande, passer commande, valider la commande',
  'valider ma commande, confirmer la commande, confirmer le paiement, procéder au paiement, effectuer le paiement',
  "effectuer le virement, virement, envoyer de l'argent, retirer de l'argent, faire un don",
  'pagar, pagar ahora, comprar, comprar ahora, realizar pedido, hacer pedido, finalizar compra, confirmar compra',
  'confirmar pedido, confirmar pago, tramitar pedido, transferir, enviar dinero, donar',
  'paga, paga ora, pagare, acquista, acquista ora, compra, compra ora, ordina ora, ordina adesso, conferma ordine',
  "conferma l'ordine, conferma pagamento, completa l'acquisto, procedi all'acquisto, procedi al pagamento, invia denaro",
  'bonifico, esegui bonifico, dona ora, fai una donazione',
  'pagar agora, comprar agora, finalizar pedido, fazer pedido, confirmar pagamento, enviar dinheiro, doar',
  'betalen, nu betalen, betaal, kopen, nu kopen, koop nu, bestelling plaatsen, bestellen en betalen, afrekenen, overmaken',
  'geld overmaken, doneren',
  'zapłać, płacę, zapłać teraz, kup, kup teraz, kupuję, zamów, zamawiam, złóż zamówienie, zamawiam i płacę, potwierdź zakup',
  'przelew, wykonaj przelew, przelej, wpłać, przekaż darowiznę',
];

/** Activating it deletes, empties or ends something. */
const DELETION = [
  'delete, delete account, remove, erase, destroy, close account, close my account, deactivate, discard, discard changes',
  'wipe, wipe data, terminate, terminate account, empty trash, empty the trash, empty bin, empty recycle bin, move to trash',
  'send to trash, move to bin, purge, clear all data, clear history, factory reset, revoke, cancel my account, cancel account',
  'löschen, konto löschen, endgültig löschen, alles löschen, entfernen, papierkorb leeren, verwerfen, konto schließen',
  'konto kündigen, deaktivieren, vernichten, in den papierkorb',
  'supprimer, supprimer le compte, effacer, retirer, vider la corbeille, détruire, fermer le compte, fermer mon compte',
  'désactiver, mettre à la corbeille',
  'eliminar, borrar, eliminar cuenta, quitar, vaciar papelera, vaciar la papelera, destruir, cerrar cuenta, cerrar mi cuenta',
  'desactivar, descartar, mover a la papelera',
  'elimina, eliminare, cancella, rimuovi, svuota cestino, svuota il cestino, distruggi, chiudi account, disattiva, scarta',
  'sposta nel cestino',
  'excluir, apagar, remover, esvaziar lixeira, esvaziar lixo, encerrar conta, desativar, mover para a lixeira',
  'verwijderen, verwijder, wissen, prullenbak legen, account opheffen, account sluiten, vernietigen, deactiveren, weggooien',
  'usuń, usuwam, usunąć, skasuj, wymaż, opróżnij kosz, zamknij konto, dezaktywuj, zniszcz, przenieś do kosza',
];

/** Activating it signs someone up for, or out of, something that recurs. */
const SUBSCRIPTION = [
  'subscribe, unsubscribe, sign me up, renew, auto renew, start subscription, start free trial, start trial, start my trial',
  'cancel subscription, cancel my subscription, cancel membership, end subscription, opt in, opt out, join newsletter',
  'join the newsletter, join mailing list, subscribed',
  'abonnieren, jetzt abonnieren, abonniert, abbestellen, kündigen, abo kündigen, abonnement kündigen, newsletter abonnieren',
  'newsletter bestellen, verlängern, abo abschließen',
  "s'abonner, abonner, je m'abonne, se désabonner, désabonner, se désinscrire, désinscrire, résilier, résilier l'abonnement",
  'renouveler',
  'suscribirse, suscribir, suscríbete, suscribirme, darse de baja, darme de baja, cancelar suscripción, anular suscripción',
  'renovar',
  "abbonati, abbonarsi, iscriviti alla newsletter, disiscriviti, annulla iscrizione, annulla abbonamento, annulla l'abbonamento",
  'rinnova',
  'assinar, assine, assine já, inscrever-se, inscreva-se, cancelar assinatura, cancelar inscrição',
  'abonneren, abonneer, opzeggen, abonnement opzeggen, verlengen, uitschrijven, inschrijven voor de nieuwsbrief',
  'subskrybuj, zasubskrybuj, subskrybuję, zapisz się, zapisuję się, wypisz się, anuluj subskrypcję, rezygnuję z subskrypcji',
  'odnów',
];

/** Activating it sends or publishes something in the person's name. */
const MESSAGE = [
  'send, send message, send email, publish, post, reply, reply all, tweet, retweet, repost, share, post comment, send invite',
  'send invitation, forward message',
  'senden, absenden, abschicken, nachricht senden, veröffentlichen, posten, teilen, antworten, verschicken, versenden',
  'envoyer, publier, répondre, partager, poster',
  'enviar, publicar, responder, compartir',
  'invia, inviare, pubblica, rispondi, condividi',
  'compartilhar, partilhar',
  'verzenden, verstuur, versturen, publiceren, plaatsen, beantwoorden, antwoorden, delen',
  'wyślij, wysyłam, opublikuj, publikuj, odpowiedz, udostępnij',
];

/** "Share" on a menu button opens places to share to; it sends nothing itself. */
const SHARE_MENU = ['share, teilen, partager, compartir, condividi, compartilhar, partilhar, delen, udostępnij'];

/** What a checkbox or switch signs up for, beyond the subscription words. */
const OPT_IN = [
  'newsletter, newsletters, mailing list, email me, e-mail me, send me, keep me updated, keep me informed, marketing emails',
  'promotional emails, special offers, offers and news, news and offers, updates and offers',
  "nieuwsbrief, biuletyn, boletín, infolettre, lettre d'information, angebote per e-mail",
];

/** Places a dragged item is dropped to delete it. */
const DROP_DELETION = [
  'trash, bin, recycle bin, wastebasket, garbage, papierkorb, mülleimer, corbeille, papelera, cestino, lixeira, lixo',
  'prullenbak, kosz',
];

/** Words that only say "go ahead": a control named only so is judged by where it sits (heading, dialog, form). */
const GO_AHEAD = [
  'continue, next, ok, okay, yes, confirm, submit, proceed, done, go, accept, agree, finish, complete, sure, understand',
  'weiter, fortfahren, ja, bestätigen, fertig, akzeptieren, einverstanden',
  'continuer, suivant, valider, confirmer, oui, terminer, accepter, accord',
  'continuar, siguiente, aceptar, confirmar, sí, listo, finalizar',
  'continua, avanti, prosegui, procedi, conferma, accetta',
  'próximo, seguinte, avançar, sim, aceitar, concluir',
  'doorgaan, volgende, verder, bevestigen, akkoord',
  'dalej, kontynuuj, potwierdź, tak, akceptuję, zatwierdź, gotowe, następny, następna',
];

/** Words that say nothing on their own (around go-ahead words); "x" is a close or remove glyph written as a letter. */
const FILLER = [
  'to, and, i, im, am, m, a, the, it, this, do, please, now, step, me, my, let, s, lets, d, y, e, en, et, x',
  'jetzt, bitte, und, maintenant, ahora, ora, agora, nu, teraz',
];

/** First words of in-form buttons that change the form rather than send it (show password, cancel, apply a coupon). */
const HARMLESS_START = [
  'show, hide, toggle, reveal, view, cancel, back, previous, prev, close, clear, reset, help, forgot, change, edit, apply',
  'use, copy, add, select, choose, open, expand, collapse, learn, more, scan',
  'anzeigen, verbergen, ausblenden, abbrechen, zurück, schließen, ändern, bearbeiten',
  'afficher, masquer, annuler, retour, précédent, fermer, modifier',
  'mostrar, ocultar, cancelar, volver, atrás, anterior, cerrar, cambiar, editar',
  'mostra, nascondi, annulla, indietro, chiudi, modifica',
  'esconder, voltar, fechar, alterar',
  'tonen, annuleren, terug, vorige, sluiten, wijzigen',
  'pokaż, ukryj, anuluj, wstecz, powrót, wróć, zamknij, zmień, edytuj',
];

/** Phrases read as other words first, so their parts do not count ("Post code" is no post). */
const NOT_SENSITIVE = ['post code, postcode, post office, postal code, zip code, share price, pay slip, payslip'];

/** Entries that are places rather than acts in a form's or link's address ("/checkout" is a page, not a purchase). */
const NOT_IN_ADDRESSES = ['checkout, check out, zur kasse, transfer, wire'];

/** One vocabulary entry, folded into words; a word ending in "*" matches words that start with it. */
interface Phrase {
  words: string[];
  /** The entry as written. */
  text: string;
}

function compile(lines: readonly string[]): Phrase[] {
  const out: Phrase[] = [];
  for (const text of lines.flatMap((line) => line.split(',')).map((entry) => entry.trim())) {
    if (!text) continue;
    // German umlauts are also written out (ö as oe) in addresses and ids.
    const spellings = new Set([normalise(text), normalise(text.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue'))]);
    for (const folded of spellings) if (folded) out.push({ words: folded.split(' '), text });
  }
  return out;
}

const WORDS = {
  payment: compile(PAYMENT),
  deletion: compile(DELETION),
  subscription: compile(SUBSCRIPTION),
  message: compile(MESSAGE),
  optIn: compile(OPT_IN),
  dropDeletion: compile(DROP_DELETION),
  notSensitive: compile(NOT_SENSITIVE),
};

const wordSet = (lines: readonly string[]) => new Set(compile(lines).flatMap((p) => p.words));
const SHARE_WORDS = wordSet(SHARE_MENU);
const GO_AHEAD_WORDS = wordSet(GO_AHEAD);
const FILLER_WORDS = wordSet(FILLER);
const HARMLESS_WORDS = wordSet(HARMLESS_START);
const ADDRESS_EXCLUDED = new Set(compile(NOT_IN_ADDRESSES).map((p) => p.words.join(' ')));

/** Where a phrase occurs in a list of words (-1 if nowhere). */
function indexOf(words: readonly string[], phrase: Phrase): number {
  outer: for (let i = 0; i + phrase.words.length <= words.length; i++) {
    for (let j = 0; j < phrase.words.length; j++) {
      const want = phrase.words[j] ?? '';
      const got = words[i + j] ?? '';
      if (want.endsWith('*') ? !got.startsWith(want.slice(0, -1)) : got !== want) continue outer;
    }
    return i;
  }
  return -1;
}

/** The words of each normal form of a text, with phrases that mean something else blanked out. */
function wordsOf(text: string): string[][] {
  return normalForms(text).map((form) => {
    const words = form ? form.split(' ') : [];
    for (const phrase of WORDS.notSensitive) {
      for (let at = indexOf(words, phrase); at >= 0; at = indexOf(words, phrase)) words.fill('', at, at + phrase.words.length);
    }
    return words;
  });
}

export interface Hit {
  kind: SensitiveKind;
  /** The vocabulary entry that matched. */
  entry: string;
  /** The text it was found in, as the page wrote it. */
  source: string;
}

/** The kinds, gravest first: "Send money" is a payment before it is a message. */
const ORDER: SensitiveKind[] = ['payment', 'deletion', 'subscription', 'message'];

export interface MatchOptions {
  /** Kinds to look for (all by default). */
  kinds?: readonly SensitiveKind[];
  /** Also count these as subscriptions (a checkbox's opt-in words). */
  optIn?: boolean;
  /** Drop-target words ("Trash", "Papierkorb") count as deletion. */
  dropTargets?: boolean;
  /** The text is an address or identifier: split camelCase and punctuation, skip places ("checkout"). */
  address?: boolean;
  /** "Share" and the like open a menu here, so they send nothing. */
  shareOpensMenu?: boolean;
}

function phrasesFor(kind: SensitiveKind, options: MatchOptions): Phrase[] {
  let list = WORDS[kind];
  if (kind === 'subscription' && options.optIn) list = [...list, ...WORDS.optIn];
  if (kind === 'deletion' && options.dropTargets) list = [...list, ...WORDS.dropDeletion];
  if (options.address) list = list.filter((p) => !ADDRESS_EXCLUDED.has(p.words.join(' ')));
  return list;
}

/** The gravest consequence any of the texts names, or null. */
export function findKind(texts: readonly string[], options: MatchOptions = {}): Hit | null {
  const forms = texts.map((source) => ({ source, forms: wordsOf(options.address ? identifierWords(source) : source) }));
  for (const kind of ORDER) {
    if (options.kinds && !options.kinds.includes(kind)) continue;
    for (const phrase of phrasesFor(kind, options)) {
      if (kind === 'message' && options.shareOpensMenu && phrase.words.length === 1 && SHARE_WORDS.has(phrase.words[0] ?? '')) continue;
      for (const { source, forms: each } of forms) {
        if (each.some((words) => indexOf(words, phrase) >= 0)) return { kind, entry: phrase.text, source };
      }
    }
  }
  return null;
}

/** Words of a text's main normal form, without blanks. */
function plainWords(text: string): string[] {
  return (normalForms(text)[0] ?? '').split(' ').filter(Boolean);
}

/** Whether the texts only say "go ahead" (Continue, OK, Weiter, Dalej…) or say nothing at all. */
export function onlyGoAhead(texts: readonly string[]): boolean {
  return texts.every((text) => plainWords(text).every((w) => GO_AHEAD_WORDS.has(w) || FILLER_WORDS.has(w) || /^\d+$/.test(w)));
}

/** Words that approve what a control names: with an amount of money beside them, the control pays. */
const APPROVE = [
  'approve, authorize, authorise, allow, accept, agree, confirm, continue, proceed, submit, complete, finish, ok, okay, yes',
  'sign, charge, send, genehmigen, autorisieren, bestätigen, approuver, autoriser, confirmer, aprobar, autorizar, confirmar',
  'approva, autorizza, conferma, aprovar, goedkeuren, bevestigen, zatwierdź, autoryzuj, potwierdź',
];
const APPROVE_WORDS = wordSet(APPROVE);

/** An amount of money: "$2,000", "€ 20", "20.00 EUR", "15 zł". */
const AMOUNT =
  /(?:[$€£¥₹₩₽]|\b(?:usd|eur|gbp|chf|cad|aud|nzd|jpy|pln|sek|nok|dkk|czk|huf|inr|brl|mxn)\b)\s?\d[\d.,' ]*|\d[\d.,' ]*\s?(?:[$€£¥₹₩₽]|\b(?:usd|eur|gbp|chf|cad|aud|nzd|jpy|pln|sek|nok|dkk|czk|huf|inr|brl|mxn|zł|kr|kč|ft)(?![\p{L}]))/iu;

/**
 * The name that approves an amount of money ("Approve $2,000 charge", "Continue (€20.00)"):
 * an amount beside words that only go ahead or approve. "Add to cart — $20" is not one.
 */
export function approvesAmount(texts: readonly string[]): string | null {
  for (const text of texts) {
    if (!AMOUNT.test(text)) continue;
    const rest = plainWords(text.replace(new RegExp(AMOUNT.source, 'giu'), ' ')).filter((w) => !/^\d+$/.test(w));
    if (rest.every((w) => GO_AHEAD_WORDS.has(w) || FILLER_WORDS.has(w) || APPROVE_WORDS.has(w))) return text;
    if (rest.length && APPROVE_WORDS.has(rest[0] ?? '')) return text;
  }
  return null;
}

/** The first amount of money in these texts ("Pay $20.00" → "$20.00"), or null. */
export function amountIn(texts: readonly string[]): string | null {
  for (const text of texts) {
    const found = new RegExp(AMOUNT.source, 'iu').exec(text)?.[0];
    if (found) return found.trim();
  }
  return null;
}

/** Whether a control's name starts with a word that changes a form rather than sends it (Show password, Cancel, Apply coupon). */
export function changesFormOnly(name: string): boolean {
  const first = plainWords(name)[0];
  return first !== undefined && HARMLESS_WORDS.has(first);
}
