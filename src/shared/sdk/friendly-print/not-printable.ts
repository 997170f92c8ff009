/** Why a part of the model cannot be printed in the friendly form (decompile keeps it as it is). */
export class NotPrintable extends Error {
  constructor(readonly what: string) {
    super(`not printable in the friendly form: ${what}`);
    this.name = 'NotPrintable';
  }
}
