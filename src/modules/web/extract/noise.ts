// Text on a page that no reader reads as its content, told apart by markup every site
// uses the same way (never by site): account and newsletter forms, labels written only for
// screen readers, and runs of machine tokens glued into one "word". Run for main=1 only:
// main=0 returns the page as it is.

import { findBody, innerLength, isElement, isText, remove, select, textOf, type Doc, type ParentNode } from './dom.js';

/**
 * Removes the forms that ask for a password or an e-mail address (sign in, create an
 * account, newsletter): a shop's modal or a blog's subscribe box, never the page's
 * content. Must run before cleaning, which drops the form fields that identify them. A
 * form that wraps much of the page (ASP.NET pages put the whole body in one) stays.
 */
export function dropAccountForms(doc: Doc): void {
  const body = findBody(doc);
  if (!body) return;
  const total = innerLength(body);
  for (const form of select('form', body)) {
    if (!form.parent) continue;
    const asks = select('input', form).some((i) => {
      const type = (i.attribs.type ?? '').toLowerCase();
      return type === 'password' || type === 'email' || /e-?mail/i.test(i.attribs.name ?? '');
    });
    if (!asks) continue;
    const len = innerLength(form);
    if (len < ACCOUNT_FORM_MAX && len < total * ACCOUNT_FORM_SHARE) remove(form);
  }
}

// Class names of text kept for screen readers and moved off screen: "sr-only",
// "visually-hidden", WordPress's "screen-reader-text", Drupal's "element-invisible", with
// or without a theme prefix ("u-visually-hidden").
const SCREEN_READER_CLASS = /^(?:[a-z0-9]+[-_]{1,2})?(?:sr-only|visually-?hidden|screen-?reader(?:-text|-only)?|element-invisible|a11y-hidden|offscreen)$/i;

/**
 * Removes text written for screen readers only ("Option: white, 40x80", "Regular price",
 * "Opens in a new window"): sighted readers never see it, and on product grids it repeats
 * every card's name once per colour swatch.
 */
export function dropScreenReaderText(root: ParentNode): void {
  for (let i = 0; i < root.children.length; i++) {
    const c = root.children[i];
    if (!isElement(c)) continue;
    const cls = c.attribs.class;
    if (cls?.split(/\s+/).some((w) => SCREEN_READER_CLASS.test(w))) {
      remove(c);
      i--;
      continue;
    }
    dropScreenReaderText(c);
  }
}

/** 100+ letters, digits, '_' or '-' without a space: no word any language writes. */
const MACHINE_RUN = /[\p{L}\p{N}_-]{100,}/u;

/**
 * Removes a run of leaf spans (8+) whose text glues into a 100+ character token: labels
 * obfuscated against scrapers ("Sponsored" spelt out between ids that CSS hides) read as
 * one long string of ids. Only elements whose children all hold bare text are read, so the
 * walk stays linear; code blocks are left alone (a minified JSON line is content there).
 */
export function dropMachineText(root: ParentNode): void {
  for (let i = 0; i < root.children.length; i++) {
    const c = root.children[i];
    if (!isElement(c) || c.name === 'pre' || c.name === 'code') continue;
    const kids = c.children.filter(isElement);
    if (kids.length >= MACHINE_SPANS && kids.every((k) => k.children.every(isText))) {
      const t = textOf(c).trim();
      if (t.length >= 100 && MACHINE_RUN.test(t)) {
        remove(c);
        i--;
        continue;
      }
    }
    dropMachineText(c);
  }
}

/** A form holding more text than this (characters) is not a sign-in box. */
const ACCOUNT_FORM_MAX = 1500;
/** …nor one holding this share of the page's text. */
const ACCOUNT_FORM_SHARE = 0.3;
/** Fewest leaf spans of an obfuscated label. */
const MACHINE_SPANS = 8;
