/** The onboarding template the hiring tests give the demo organisation (in place of the demo's own). */
export const TEMPLATE = `onboardingTemplates:
  - key: DEFAULT
    name: Einarbeitung
    tasks:
      - { phase: BEFORE_START, title: Arbeitsvertrag unterschreiben, offsetDays: -7 }
      - { phase: FIRST_DAY, title: Willkommen im Team, assignee: MANAGER }
      - { phase: FIRST_WEEK, title: Sicherheitsschulung, offsetDays: 3 }
`;
