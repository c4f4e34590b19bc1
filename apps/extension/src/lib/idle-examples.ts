// Examples for the empty panel. The direct commands are ones the command interpreter
// understands (idle-examples.test.ts parses each with its grammar).

export const DIRECT_COMMANDS = ['Go to example.com', 'Click Sign in', 'Type hello into Search', 'Search for lanterns', 'Scroll down'];

export const MODEL_PROMPTS = [
  'Summarise this page in three bullet points',
  'Find the contact email on this site',
  'Compare the prices on this page in a table',
  'Fill in this form with the details I give you',
];
