/**
 * The demo's OFFER recruiting stage as the stage form sends it, for the tests that send that form; the
 * e-mail's text is left to each test, which types it its own way (a browser's line ends or plain ones).
 */
export const OFFER_FORM = {
  key: "OFFER",
  name_de: "Angebot",
  name_fr: "Offre",
  name_en: "Offer",
  order: "40",
  gated: "yes",
  outcome: "NONE",
  task_0_kind: "EMAIL_CANDIDATE",
  task_0_title: "Angebot ankündigen",
  task_0_subject_de: "Ihr Angebot: {position}",
};
