const SITE_NAME = 'Lumen';

/** React 19 hoists <title> into <head>; every route renders exactly one. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — a calm catalog`}</title>;
}
