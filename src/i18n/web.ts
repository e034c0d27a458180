/**
 * Texts of the server-rendered pages (sign-in, consent, connected assistants, errors). German is the source;
 * the English, French and Italian objects must have the same keys (the type enforces it).
 */
import type { Lang } from "./mod.ts";

const de = {
  appName: "HR-Portal",
  skipToContent: "Zum Inhalt springen",
  signInTitle: "Anmelden",
  hrConsoleLink: "Zur Personaladministration (HR)",
  stepUpTitle: "Bitte bestätigen Sie Ihre Anmeldung",
  signInIntroFor: "«{client}» möchte sich mit Ihrem Konto verbinden. Melden Sie sich dazu an.",
  stepUpIntro:
    "Bevor Sie einem Assistenten Zugriff geben, müssen Sie sich erneut anmelden. Ihre letzte Anmeldung liegt zu lange zurück.",
  signInIntro: "Melden Sie sich an, um fortzufahren.",
  email: "E-Mail-Adresse",
  password: "Passwort",
  signInButton: "Anmelden",
  or: "oder",
  signInWith: "Mit {provider} anmelden",
  errorWrongCredentials: "E-Mail-Adresse oder Passwort ist falsch.",
  errorLocked: "Zu viele Fehlversuche. Versuchen Sie es in {minutes} Minuten wieder.",
  errorDeactivated: "Dieses Konto ist deaktiviert. Wenden Sie sich an Ihr HR-Team.",
  errorNoAccount: "Zu dieser Anmeldung gibt es kein Konto im HR-Portal. Wenden Sie sich an Ihr HR-Team.",
  errorUpstreamFailed:
    "Die Anmeldung beim Identitätsanbieter hat nicht geklappt. Bitte versuchen Sie es nochmals.",
  errorSessionForm: "Das Formular ist abgelaufen. Bitte laden Sie die Seite neu.",
  errorSummary: "Es gibt ein Problem",
  consentTitle: "Zugriff für «{client}» erlauben?",
  consentSignedInAs: "Angemeldet als {email}.",
  consentNotYou: "Nicht Sie? Mit einem anderen Konto anmelden",
  consentRedirect: "Nach Ihrer Entscheidung werden Sie zu {host} weitergeleitet.",
  consentUnverified:
    "Dieser Assistent hat sich selbst registriert. Ihr HR-Team hat ihn nicht geprüft. Erlauben Sie den Zugriff nur, wenn Sie ihn selbst eingerichtet haben.",
  consentScopesLegend: "Der Assistent darf in Ihrem Namen:",
  consentExisting:
    "Dieser Assistent ist bereits mit Ihrem Konto verbunden. Er behält höchstens die Rechte, die Sie beim ersten Mal erlaubt haben.",
  consentNotOffered:
    "Weitere angefragte Rechte werden nicht angeboten, weil Ihre Rolle sie nicht nutzen kann:",
  consentRoleNote:
    "Der Assistent sieht nie mehr als Sie selbst im HR-Portal. Ihre Rolle wird bei jedem Aufruf neu geprüft.",
  consentRevokeNote: "Sie können den Zugriff jederzeit unter «Verbundene Assistenten» widerrufen.",
  consentAllow: "Erlauben",
  consentDeny: "Ablehnen",
  consentNothingOffered:
    "Ihre Rolle kann keines der angefragten Rechte nutzen. Der Zugriff kann nicht erteilt werden.",
  consentBackToClient: "Zurück zu {client}",
  consentPickOne: "Wählen Sie mindestens ein Recht aus oder lehnen Sie ab.",
  errorTitle: "Diese Anfrage kann nicht bearbeitet werden",
  errorUnknownClient:
    "Der Assistent, der Sie hierher geschickt hat, ist hier nicht registriert. Verbinden Sie ihn im Assistenten neu.",
  errorBadRedirect:
    "Die Rücksprungadresse des Assistenten ist für ihn nicht registriert. Aus Sicherheitsgründen wird nicht weitergeleitet.",
  errorExpired:
    "Diese Anfrage ist abgelaufen oder wurde bereits beantwortet. Starten Sie die Verbindung im Assistenten neu.",
  errorBrowser:
    "Diese Anfrage wurde in einem anderen Browser gestartet. Starten Sie die Verbindung im Assistenten neu.",
  errorDuplicate: "Die Anfrage enthält Angaben doppelt.",
  errorNoUpstream: "Die Anmeldung über einen Identitätsanbieter ist nicht eingerichtet.",
  technicalDetail: "Technische Angabe",
  assistantsTitle: "Verbundene Assistenten",
  assistantsIntro:
    "Diese KI-Assistenten dürfen in Ihrem Namen auf das HR-Portal zugreifen. Wenn Sie eine Verbindung trennen, funktioniert der Assistent ab der nächsten Anfrage nicht mehr.",
  assistantsAllIntro: "Als Administrator sehen Sie die Verbindungen aller Personen.",
  assistantsEmpty: "Es sind keine Assistenten verbunden.",
  assistantsColAssistant: "Assistent",
  assistantsColPerson: "Person",
  assistantsColAccess: "Rechte",
  assistantsColSince: "Verbunden seit",
  assistantsColLastUsed: "Zuletzt verwendet",
  assistantsColAction: "Aktion",
  assistantsNever: "nie",
  assistantsRevoke: "Verbindung trennen",
  assistantsRevokeLabel: "Verbindung mit {client} trennen",
  assistantsRevoked: "Die Verbindung mit «{client}» wurde getrennt.",
  assistantsNotFound: "Diese Verbindung gibt es nicht mehr.",
  signOut: "Abmelden",
};

export type WebMessages = typeof de;

const en: WebMessages = {
  appName: "HR portal",
  skipToContent: "Skip to content",
  signInTitle: "Sign in",
  hrConsoleLink: "To the HR administration",
  stepUpTitle: "Please confirm it is you",
  signInIntroFor: "“{client}” wants to connect to your account. Sign in to continue.",
  stepUpIntro:
    "Before you give an assistant access, please sign in again: your last sign-in was too long ago.",
  signInIntro: "Sign in to continue.",
  email: "E-mail address",
  password: "Password",
  signInButton: "Sign in",
  or: "or",
  signInWith: "Sign in with {provider}",
  errorWrongCredentials: "The e-mail address or the password is wrong.",
  errorLocked: "Too many failed attempts. Try again in {minutes} minutes.",
  errorDeactivated: "This account is deactivated. Please contact your HR team.",
  errorNoAccount: "There is no HR portal account for this sign-in. Please contact your HR team.",
  errorUpstreamFailed: "Signing in at the identity provider did not work. Please try again.",
  errorSessionForm: "This form has expired. Please reload the page.",
  errorSummary: "There is a problem",
  consentTitle: "Allow “{client}” to access your account?",
  consentSignedInAs: "Signed in as {email}.",
  consentNotYou: "Not you? Sign in with another account",
  consentRedirect: "After you decide, you will be sent back to {host}.",
  consentUnverified:
    "This assistant registered itself; your HR team has not checked it. Only allow access if you set it up yourself.",
  consentScopesLegend: "The assistant may, in your name:",
  consentExisting:
    "This assistant is already connected to your account. It keeps at most the access you allowed the first time.",
  consentNotOffered: "Further access it asked for is not offered because your role cannot use it:",
  consentRoleNote:
    "The assistant never sees more than you see in the HR portal yourself. Your role is checked again on every call.",
  consentRevokeNote: "You can revoke access at any time under “Connected assistants”.",
  consentAllow: "Allow",
  consentDeny: "Deny",
  consentNothingOffered: "Your role cannot use any of the access asked for, so none can be given.",
  consentBackToClient: "Back to {client}",
  consentPickOne: "Choose at least one item, or deny.",
  errorTitle: "This request cannot be processed",
  errorUnknownClient:
    "The assistant that sent you here is not registered here. Connect it again from within the assistant.",
  errorBadRedirect:
    "The assistant's return address is not registered for it. For your safety you are not being sent there.",
  errorExpired:
    "This request has expired or was already answered. Start connecting again from the assistant.",
  errorBrowser: "This request was started in another browser. Start connecting again from the assistant.",
  errorDuplicate: "The request repeats some of its parameters.",
  errorNoUpstream: "Sign-in through an identity provider is not set up.",
  technicalDetail: "Technical detail",
  assistantsTitle: "Connected assistants",
  assistantsIntro:
    "These AI assistants may access the HR portal in your name. When you disconnect one, it stops working on its next request.",
  assistantsAllIntro: "As an administrator you see everyone's connections.",
  assistantsEmpty: "No assistants are connected.",
  assistantsColAssistant: "Assistant",
  assistantsColPerson: "Person",
  assistantsColAccess: "Access",
  assistantsColSince: "Connected since",
  assistantsColLastUsed: "Last used",
  assistantsColAction: "Action",
  assistantsNever: "never",
  assistantsRevoke: "Disconnect",
  assistantsRevokeLabel: "Disconnect {client}",
  assistantsRevoked: "“{client}” was disconnected.",
  assistantsNotFound: "This connection no longer exists.",
  signOut: "Sign out",
};

const fr: WebMessages = {
  appName: "Portail RH",
  skipToContent: "Aller au contenu",
  signInTitle: "Se connecter",
  hrConsoleLink: "Vers l'administration du personnel (RH)",
  stepUpTitle: "Veuillez confirmer votre identité",
  signInIntroFor: "« {client} » souhaite se connecter à votre compte. Connectez-vous pour continuer.",
  stepUpIntro:
    "Avant de donner accès à un assistant, veuillez vous reconnecter : votre dernière connexion remonte à trop longtemps.",
  signInIntro: "Connectez-vous pour continuer.",
  email: "Adresse e-mail",
  password: "Mot de passe",
  signInButton: "Se connecter",
  or: "ou",
  signInWith: "Se connecter avec {provider}",
  errorWrongCredentials: "L'adresse e-mail ou le mot de passe est incorrect.",
  errorLocked: "Trop de tentatives échouées. Réessayez dans {minutes} minutes.",
  errorDeactivated: "Ce compte est désactivé. Veuillez contacter votre équipe RH.",
  errorNoAccount:
    "Aucun compte du portail RH ne correspond à cette connexion. Veuillez contacter votre équipe RH.",
  errorUpstreamFailed: "La connexion auprès du fournisseur d'identité a échoué. Veuillez réessayer.",
  errorSessionForm: "Ce formulaire a expiré. Veuillez recharger la page.",
  errorSummary: "Un problème est survenu",
  consentTitle: "Autoriser « {client} » à accéder à votre compte ?",
  consentSignedInAs: "Connecté·e en tant que {email}.",
  consentNotYou: "Ce n'est pas vous ? Se connecter avec un autre compte",
  consentRedirect: "Après votre décision, vous serez redirigé·e vers {host}.",
  consentUnverified:
    "Cet assistant s'est enregistré lui-même ; votre équipe RH ne l'a pas vérifié. N'autorisez l'accès que si vous l'avez configuré vous-même.",
  consentScopesLegend: "L'assistant pourra, en votre nom :",
  consentExisting:
    "Cet assistant est déjà connecté à votre compte. Il conserve au plus les droits que vous avez accordés la première fois.",
  consentNotOffered:
    "D'autres droits demandés ne sont pas proposés, car votre rôle ne peut pas les utiliser :",
  consentRoleNote:
    "L'assistant ne voit jamais plus que ce que vous voyez vous-même dans le portail RH. Votre rôle est revérifié à chaque appel.",
  consentRevokeNote: "Vous pouvez révoquer l'accès à tout moment sous « Assistants connectés ».",
  consentAllow: "Autoriser",
  consentDeny: "Refuser",
  consentNothingOffered:
    "Votre rôle ne peut utiliser aucun des droits demandés ; l'accès ne peut pas être accordé.",
  consentBackToClient: "Retour à {client}",
  consentPickOne: "Choisissez au moins un droit, ou refusez.",
  errorTitle: "Cette demande ne peut pas être traitée",
  errorUnknownClient:
    "L'assistant qui vous a envoyé ici n'est pas enregistré ici. Reconnectez-le depuis l'assistant.",
  errorBadRedirect:
    "L'adresse de retour de l'assistant n'est pas enregistrée pour lui. Par sécurité, vous n'y êtes pas redirigé·e.",
  errorExpired:
    "Cette demande a expiré ou a déjà reçu une réponse. Recommencez la connexion depuis l'assistant.",
  errorBrowser:
    "Cette demande a été lancée dans un autre navigateur. Recommencez la connexion depuis l'assistant.",
  errorDuplicate: "La demande répète certains de ses paramètres.",
  errorNoUpstream: "La connexion via un fournisseur d'identité n'est pas configurée.",
  technicalDetail: "Détail technique",
  assistantsTitle: "Assistants connectés",
  assistantsIntro:
    "Ces assistants IA peuvent accéder au portail RH en votre nom. Si vous en déconnectez un, il cesse de fonctionner dès sa prochaine requête.",
  assistantsAllIntro: "En tant qu'administrateur, vous voyez les connexions de tout le monde.",
  assistantsEmpty: "Aucun assistant n'est connecté.",
  assistantsColAssistant: "Assistant",
  assistantsColPerson: "Personne",
  assistantsColAccess: "Droits",
  assistantsColSince: "Connecté depuis",
  assistantsColLastUsed: "Dernière utilisation",
  assistantsColAction: "Action",
  assistantsNever: "jamais",
  assistantsRevoke: "Déconnecter",
  assistantsRevokeLabel: "Déconnecter {client}",
  assistantsRevoked: "« {client} » a été déconnecté.",
  assistantsNotFound: "Cette connexion n'existe plus.",
  signOut: "Se déconnecter",
};

const it: WebMessages = {
  appName: "Portale HR",
  skipToContent: "Vai al contenuto",
  signInTitle: "Accedere",
  hrConsoleLink: "All'amministrazione del personale (HR)",
  stepUpTitle: "Confermi la sua identità",
  signInIntroFor: "«{client}» desidera collegarsi al suo account. Acceda per continuare.",
  stepUpIntro:
    "Prima di dare accesso a un assistente deve accedere di nuovo: il suo ultimo accesso risale a troppo tempo fa.",
  signInIntro: "Acceda per continuare.",
  email: "Indirizzo e-mail",
  password: "Password",
  signInButton: "Accedere",
  or: "oppure",
  signInWith: "Accedere con {provider}",
  errorWrongCredentials: "L'indirizzo e-mail o la password non sono corretti.",
  errorLocked: "Troppi tentativi falliti. Riprovi tra {minutes} minuti.",
  errorDeactivated: "Questo account è disattivato. Si rivolga al suo team delle risorse umane.",
  errorNoAccount:
    "Per questo accesso non esiste alcun account nel portale HR. Si rivolga al suo team delle risorse umane.",
  errorUpstreamFailed: "L'accesso presso il fornitore d'identità non è riuscito. Riprovi, per favore.",
  errorSessionForm: "Questo modulo è scaduto. Ricarichi la pagina.",
  errorSummary: "Si è verificato un problema",
  consentTitle: "Consentire a «{client}» di accedere al suo account?",
  consentSignedInAs: "Ha eseguito l'accesso come {email}.",
  consentNotYou: "Non è lei? Acceda con un altro account",
  consentRedirect: "Dopo la sua decisione verrà reindirizzato a {host}.",
  consentUnverified:
    "Questo assistente si è registrato da solo; il suo team delle risorse umane non lo ha verificato. Consenta l'accesso solo se lo ha configurato lei stesso.",
  consentScopesLegend: "L'assistente potrà, a suo nome:",
  consentExisting:
    "Questo assistente è già collegato al suo account. Mantiene al massimo i diritti che ha concesso la prima volta.",
  consentNotOffered: "Altri diritti richiesti non vengono proposti, perché il suo ruolo non può utilizzarli:",
  consentRoleNote:
    "L'assistente non vede mai più di quanto vede lei stesso nel portale HR. Il suo ruolo viene verificato di nuovo a ogni chiamata.",
  consentRevokeNote: "Può revocare l'accesso in qualsiasi momento alla voce «Assistenti collegati».",
  consentAllow: "Consentire",
  consentDeny: "Rifiutare",
  consentNothingOffered:
    "Il suo ruolo non può utilizzare nessuno dei diritti richiesti; l'accesso non può essere concesso.",
  consentBackToClient: "Torna a {client}",
  consentPickOne: "Scelga almeno un diritto oppure rifiuti.",
  errorTitle: "Questa richiesta non può essere elaborata",
  errorUnknownClient:
    "L'assistente che l'ha inviata qui non è registrato qui. Lo colleghi di nuovo dall'assistente.",
  errorBadRedirect:
    "L'indirizzo di ritorno dell'assistente non è registrato per lui. Per sicurezza non viene reindirizzato.",
  errorExpired:
    "Questa richiesta è scaduta o ha già ricevuto una risposta. Riavvii il collegamento dall'assistente.",
  errorBrowser:
    "Questa richiesta è stata avviata in un altro browser. Riavvii il collegamento dall'assistente.",
  errorDuplicate: "La richiesta ripete alcuni dei suoi parametri.",
  errorNoUpstream: "L'accesso tramite un fornitore d'identità non è configurato.",
  technicalDetail: "Dettaglio tecnico",
  assistantsTitle: "Assistenti collegati",
  assistantsIntro:
    "Questi assistenti IA possono accedere al portale HR a suo nome. Se ne scollega uno, smette di funzionare dalla sua prossima richiesta.",
  assistantsAllIntro: "In qualità di amministratore vede i collegamenti di tutte le persone.",
  assistantsEmpty: "Nessun assistente è collegato.",
  assistantsColAssistant: "Assistente",
  assistantsColPerson: "Persona",
  assistantsColAccess: "Diritti",
  assistantsColSince: "Collegato dal",
  assistantsColLastUsed: "Ultimo utilizzo",
  assistantsColAction: "Azione",
  assistantsNever: "mai",
  assistantsRevoke: "Scollegare",
  assistantsRevokeLabel: "Scollegare {client}",
  assistantsRevoked: "«{client}» è stato scollegato.",
  assistantsNotFound: "Questo collegamento non esiste più.",
  signOut: "Esci",
};

/** The page texts in every language. */
export const WEB_MESSAGES: Record<Lang, WebMessages> = { de, en, fr, it };
