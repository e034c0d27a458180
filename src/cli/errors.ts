/** A command's refusal: its message is printed and the command exits 1. */
export class CommandError extends Error {}

/** Wrong usage: the command's help follows the message and the command exits 2. */
export class UsageError extends Error {}
