/**
 * Create User / Create Member: the Create button is enabled only once the confirmation equals the password.
 * There is no length rule on the client: the server's password policy answers.
 */
export function canCreateUser(password: string | undefined, confirmation: string | undefined): boolean {
  return Boolean(password) && confirmation === password;
}
