/**
 * Starts the sign-in (or sign-up) from a public page. The sign-in library and the app's services
 * load only now, on the visitor's click, so the public pages stay light; afterwards the visitor
 * lands in /app.
 */
export async function startSignIn(options: { signup?: boolean } = {}): Promise<void> {
  const { boot } = await import('../app/boot');
  const services = await boot();
  await services.tokens.signIn({ ...options, returnTo: '/app' });
}
