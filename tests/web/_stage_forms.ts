/**
 * Recruiting stages as the stage form sends them, for the tests that send that form: the demo's OFFER stage
 * and a new ASSESSMENT stage.
 */

/**
 * The demo's OFFER stage; the e-mail's text is left to each test, which types it its own way (a browser's
 * line ends or plain ones).
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

/** A new stage before the offer that tells the hiring manager (an automatic task, no e-mail). */
export const ASSESSMENT_FORM = {
  key: "ASSESSMENT",
  name_de: "Assessment",
  name_fr: "Évaluation",
  name_en: "Assessment",
  order: "35",
  outcome: "NONE",
  task_0_kind: "NOTIFY_HIRING_MANAGER",
  task_0_title: "Vorgesetzte informieren",
};
