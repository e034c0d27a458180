/** Texts of the "forgot password" page and of the e-mail with the link to choose a new password. */
import type { Lang } from "./mod.ts";

export interface PasswordResetTexts {
  title: string;
  intro: string;
  email: string;
  submit: string;
  /** The same answer whether or not the address has an account. */
  sent: string;
  back: string;
  link: string;
  subject: string;
  /** `{link}`, `{minutes}` and `{app}` (the invitation's `appAt` sentence) filled in. */
  body: string;
}

export const PASSWORD_RESET_TEXTS: Record<Lang, PasswordResetTexts> = {
  de: {
    title: "Passwort vergessen",
    intro:
      "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues " +
      "Passwort festlegen.",
    email: "E-Mail-Adresse",
    submit: "Link senden",
    sent: "Wenn zu dieser Adresse ein Konto besteht, ist ein Link unterwegs. Er gilt {minutes} Minuten und " +
      "nur einmal.",
    back: "Zurück zur Anmeldung",
    link: "Passwort vergessen?",
    subject: "Neues Passwort für das HR-Portal",
    body:
      "Guten Tag\n\nSie (oder jemand mit Ihrer Adresse) haben ein neues Passwort verlangt. Mit diesem Link " +
      "legen Sie es fest; er gilt {minutes} Minuten und nur einmal:\n\n{link}\n\nWenn Sie nichts verlangt " +
      "haben, lassen Sie diese E-Mail einfach liegen: Ihr Passwort bleibt, wie es ist.\n\n{app}\n",
  },
  fr: {
    title: "Mot de passe oublié",
    intro: "Saisissez l'adresse e-mail de votre compte. Nous vous envoyons un lien pour définir un nouveau " +
      "mot de passe.",
    email: "Adresse e-mail",
    submit: "Envoyer le lien",
    sent: "Si un compte existe pour cette adresse, un lien est en route. Il vaut {minutes} minutes et une " +
      "seule fois.",
    back: "Retour à la connexion",
    link: "Mot de passe oublié ?",
    subject: "Nouveau mot de passe pour le portail RH",
    body: "Bonjour\n\nVous (ou quelqu'un avec votre adresse) avez demandé un nouveau mot de passe. Ce lien " +
      "permet de le définir ; il vaut {minutes} minutes et une seule fois :\n\n{link}\n\nSi vous n'avez rien " +
      "demandé, ignorez cet e-mail : votre mot de passe reste tel quel.\n\n{app}\n",
  },
  it: {
    title: "Password dimenticata",
    intro:
      "Inserisca l'indirizzo e-mail del suo account. Le inviamo un link per impostare una nuova password.",
    email: "Indirizzo e-mail",
    submit: "Invia il link",
    sent:
      "Se esiste un account per questo indirizzo, un link è in arrivo. Vale {minutes} minuti e una sola " +
      "volta.",
    back: "Torna all'accesso",
    link: "Password dimenticata?",
    subject: "Nuova password per il portale HR",
    body:
      "Buongiorno\n\nLei (o qualcuno con il suo indirizzo) ha chiesto una nuova password. Con questo link " +
      "la imposta; vale {minutes} minuti e una sola volta:\n\n{link}\n\nSe non ha chiesto nulla, ignori " +
      "questa e-mail: la sua password resta invariata.\n\n{app}\n",
  },
  en: {
    title: "Forgot your password",
    intro: "Enter your account's e-mail address. We send you a link to choose a new password.",
    email: "E-mail address",
    submit: "Send the link",
    sent: "If an account exists for this address, a link is on its way. It works for {minutes} minutes and " +
      "once.",
    back: "Back to sign-in",
    link: "Forgot your password?",
    subject: "New password for the HR portal",
    body: "Hello\n\nYou (or someone with your address) asked for a new password. This link lets you choose " +
      "it; it works for {minutes} minutes and once:\n\n{link}\n\nIf you asked for nothing, leave this e-mail " +
      "be: your password stays as it is.\n\n{app}\n",
  },
};
