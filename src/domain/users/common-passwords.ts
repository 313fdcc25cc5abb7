/** A small bundled list of the most common passwords, refused whenever a password is set (lower-case). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwerty123', 'qwertyuiop',
  '11111111', '00000000', 'iloveyou', 'sunshine', 'princess', 'football', 'baseball', 'welcome1',
  'abc12345', 'letmein1', 'trustno1', 'passw0rd', 'superman', 'starwars', 'whatever', 'computer',
]);
