export function UserBadge({ name, image, email }: { name: string | null; image: string | null; email: string }) {
  const label = name || email;
  return (
    <span className="flex min-w-0 items-center gap-2" data-testid="user-badge">
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={image} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
        >
          {label.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="max-w-[10rem] truncate text-sm font-medium">{label}</span>
    </span>
  );
}
