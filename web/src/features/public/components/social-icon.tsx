const PATHS = {
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-5.1c0-1.22-.02-2.78-1.7-2.78-1.7 0-1.96 1.32-1.96 2.7V21h-4z',
  instagram:
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM12 2c-2.7 0-3 0-4.1.06C4.9 2.2 3.2 3.9 3.06 6.9 3 8 3 8.3 3 12s0 4 .06 5.1c.14 3 1.84 4.7 4.84 4.84C9 22 9.3 22 12 22s3 0 4.1-.06c3-.14 4.7-1.84 4.84-4.84C21 16 21 15.7 21 12s0-4-.06-5.1C20.8 3.9 19.1 2.2 16.1 2.06 15 2 14.7 2 12 2z',
  facebook:
    'M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.78-1.63 1.57V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12z',
} as const;

export type SocialIconName = keyof typeof PATHS;

/** Decorative logo of a social network (the link around it carries the name). */
export function SocialIcon({ name }: { name: SocialIconName }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
      <path d={PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}
