import type { Hono } from 'hono';
import type { AuthDeps } from '../auth-deps.ts';

export function registerSettingsRoutes(app: Hono, deps: AuthDeps): void {
  const auth = () => deps.ctx.config.auth;

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: auth().enable_anonymous_sign_ins,
        email: auth().email.enable_signup,
        phone: false,
        apple: false, azure: false, bitbucket: false, discord: false, facebook: false, figma: false, fly: false,
        github: false, gitlab: false, google: false, keycloak: false, kakao: false, linkedin: false,
        linkedin_oidc: false, notion: false, slack: false, slack_oidc: false, spotify: false, twitch: false,
        twitter: false, workos: false, zoom: false,
      },
      disable_signup: !auth().enable_signup,
      mailer_autoconfirm: !auth().email.enable_confirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }),
  );

  app.get('/health', (c) =>
    c.json({ version: 'lumen-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  // HS256 projects publish no public keys; auth-js then verifies via GET /user.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }));
}
