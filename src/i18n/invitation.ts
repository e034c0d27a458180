/** Texts of the invitation e-mail and of the page where an invited person sets their own password. */
import type { Lang } from "./mod.ts";

export interface InvitationTexts {
  /** The subject when the organisation has no name set. */
  subject: string;
  /** `{organisation}` filled in. */
  subjectOf: string;
  /** `{opening}`, `{link}`, `{days}` and `{app}` (the `appAt` sentence) filled in. */
  body: string;
  /** Where the app is, `{address}` filled in: said in the e-mail and once the password is set. */
  appAt: string;
  /** Who invites: `{inviter}` (a person's name), `{organisation}`, `{email}`. */
  openingPerson: string;
  /** A command invited: "your HR team", `{organisation}`, `{email}`. */
  openingTeam: string;
  /** The organisation when it has no name set, as it reads in the openings. */
  yourEmployer: string;
  title: string;
  intro: string;
  password: string;
  repeat: string;
  submit: string;
  tooShort: string;
  common: string;
  /** The password is made of the person's name, e-mail, organisation, city or birth date and a year. */
  personal: string;
  email: string;
  mismatch: string;
  invalid: string;
  done: string;
  signIn: string;
}

export const INVITATION_TEXTS: Record<Lang, InvitationTexts> = {
  de: {
    subject: "Ihr Zugang zum HR-Portal",
    subjectOf: "Ihr Zugang zum HR-Portal bei {organisation}",
    openingPerson: "{inviter} bei {organisation} hat für Sie ein Konto im HR-Portal eingerichtet ({email}).",
    openingTeam: "Ihr HR-Team bei {organisation} hat für Sie ein Konto im HR-Portal eingerichtet ({email}).",
    yourEmployer: "Ihrem Arbeitgeber",
    body: "Guten Tag\n\n{opening} Legen Sie Ihr Passwort über " +
      "diesen Link fest:\n\n{link}\n\nDer Link gilt {days} Tage und nur einmal.\n\n{app}\n\nWenn Sie diese " +
      "Nachricht nicht erwartet haben, können Sie sie ignorieren.\n",
    appAt: "Ihre Ferien, Arbeitszeiten und Lohnabrechnungen finden Sie danach in der App unter {address} – " +
      "öffnen Sie die Adresse auf dem Handy und fügen Sie sie zum Startbildschirm hinzu.",
    title: "Passwort festlegen",
    intro: "Legen Sie das Passwort für Ihr Konto {email} fest (mindestens 10 Zeichen).",
    password: "Neues Passwort",
    repeat: "Passwort wiederholen",
    submit: "Passwort speichern",
    tooShort: "Das Passwort muss mindestens 10 Zeichen haben.",
    common:
      "Dieses Passwort ist zu leicht zu erraten (ein häufiges Passwort, ein Name, ein Wort mit Jahreszahl); wählen Sie ein längeres, etwa aus einigen Wörtern ohne Zusammenhang.",
    personal:
      "Das neue Passwort besteht aus dem, was andere über Sie wissen (Ihr Name, Ihre E-Mail-Adresse, der Name der Organisation, Ihr Wohnort, die Postleitzahl, das Geburtsdatum, eine Jahreszahl); wählen Sie eines, das niemand aus Ihrem Umfeld erraten kann, etwa aus einigen Wörtern ohne Zusammenhang.",
    email: "Das Passwort darf nicht Ihre E-Mail-Adresse sein.",
    mismatch: "Die beiden Passwörter stimmen nicht überein.",
    invalid: "Dieser Link ist abgelaufen oder wurde schon benutzt. Bitten Sie HR um eine neue Einladung.",
    done: "Ihr Passwort ist gespeichert. Sie können sich jetzt anmelden.",
    signIn: "Zur Anmeldung",
  },
  fr: {
    subject: "Votre accès au portail RH",
    subjectOf: "Votre accès au portail RH chez {organisation}",
    openingPerson: "{inviter}, chez {organisation}, a créé pour vous un compte sur le portail RH ({email}).",
    openingTeam:
      "Votre équipe RH, chez {organisation}, a créé pour vous un compte sur le portail RH ({email}).",
    yourEmployer: "votre employeur",
    body: "Bonjour,\n\n{opening} Définissez votre mot de passe " +
      "avec ce lien :\n\n{link}\n\nLe lien est valable {days} jours et une seule fois.\n\n{app}\n\nSi vous " +
      "n'attendiez pas ce message, vous pouvez l'ignorer.\n",
    appAt:
      "Vos vacances, vos heures et vos fiches de salaire se trouvent ensuite dans l'application, à l'adresse " +
      "{address} : ouvrez-la sur votre téléphone et ajoutez-la à l'écran d'accueil.",
    title: "Définir le mot de passe",
    intro: "Définissez le mot de passe de votre compte {email} (au moins 10 caractères).",
    password: "Nouveau mot de passe",
    repeat: "Répéter le mot de passe",
    submit: "Enregistrer le mot de passe",
    tooShort: "Le mot de passe doit compter au moins 10 caractères.",
    common:
      "Ce mot de passe est trop facile à deviner (un mot de passe courant, un nom, un mot suivi d'une année) ; choisissez-en un plus long, par exemple quelques mots sans rapport entre eux.",
    personal:
      "Le nouveau mot de passe est fait de ce que d'autres savent de vous (votre nom, votre adresse e-mail, le nom de l'organisation, votre localité, le code postal, la date de naissance, une année) ; choisissez-en un que personne de votre entourage ne peut deviner, par exemple quelques mots sans rapport entre eux.",
    email: "Le mot de passe ne doit pas être votre adresse e-mail.",
    mismatch: "Les deux mots de passe ne correspondent pas.",
    invalid: "Ce lien a expiré ou a déjà été utilisé. Demandez une nouvelle invitation aux RH.",
    done: "Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter.",
    signIn: "Se connecter",
  },
  it: {
    subject: "Il suo accesso al portale HR",
    subjectOf: "Il suo accesso al portale HR presso {organisation}",
    openingPerson: "{inviter}, presso {organisation}, ha creato per lei un account nel portale HR ({email}).",
    openingTeam:
      "Il suo team HR, presso {organisation}, ha creato per lei un account nel portale HR ({email}).",
    yourEmployer: "il suo datore di lavoro",
    body: "Buongiorno,\n\n{opening} Imposti la sua password con " +
      "questo link:\n\n{link}\n\nIl link è valido {days} giorni e una sola volta.\n\n{app}\n\nSe non si " +
      "aspettava questo messaggio, può ignorarlo.\n",
    appAt:
      "Le sue vacanze, le ore di lavoro e le buste paga si trovano poi nell'app, all'indirizzo {address}: " +
      "lo apra sul telefono e lo aggiunga alla schermata Home.",
    title: "Impostare la password",
    intro: "Imposti la password del suo account {email} (almeno 10 caratteri).",
    password: "Nuova password",
    repeat: "Ripetere la password",
    submit: "Salvare la password",
    tooShort: "La password deve avere almeno 10 caratteri.",
    common:
      "Questa password è troppo facile da indovinare (una password comune, un nome, una parola con un anno); ne scelga una più lunga, ad esempio alcune parole senza legame tra loro.",
    personal:
      "La nuova password è fatta di ciò che altri sanno di lei (il suo nome, il suo indirizzo e-mail, il nome dell'organizzazione, la sua località, il numero postale, la data di nascita, un anno); ne scelga una che nessuno della sua cerchia possa indovinare, ad esempio alcune parole senza legame tra loro.",
    email: "La password non può essere il suo indirizzo e-mail.",
    mismatch: "Le due password non coincidono.",
    invalid: "Questo link è scaduto o è già stato usato. Chieda un nuovo invito alle risorse umane.",
    done: "La sua password è salvata. Ora può accedere.",
    signIn: "Accedere",
  },
  en: {
    subject: "Your access to the HR portal",
    subjectOf: "Your access to the HR portal at {organisation}",
    openingPerson: "{inviter} at {organisation} has set up an account for you in the HR portal ({email}).",
    openingTeam: "Your HR team at {organisation} has set up an account for you in the HR portal ({email}).",
    yourEmployer: "your employer",
    body: "Hello,\n\n{opening} Set your password with this " +
      "link:\n\n{link}\n\nThe link works once and for {days} days.\n\n{app}\n\nIf you did not expect this " +
      "message, you can ignore it.\n",
    appAt:
      "Your leave, working hours and payslips are then in the app at {address}: open the address on your " +
      "phone and add it to your home screen.",
    title: "Set your password",
    intro: "Set the password of your account {email} (at least 10 characters).",
    password: "New password",
    repeat: "Repeat the password",
    submit: "Save the password",
    tooShort: "The password must have at least 10 characters.",
    common:
      "This password is too easy to guess (a common password, a name, a word with a year); choose a longer one, such as a few unrelated words.",
    personal:
      "The new password is made of what others know about you (your name, your e-mail address, the organisation's name, your town, the postcode, your birth date, a year); choose one nobody around you could guess, such as a few unrelated words.",
    email: "The password must not be your e-mail address.",
    mismatch: "The two passwords do not match.",
    invalid: "This link has expired or was already used. Ask HR for a new invitation.",
    done: "Your password is saved. You can sign in now.",
    signIn: "Sign in",
  },
};
