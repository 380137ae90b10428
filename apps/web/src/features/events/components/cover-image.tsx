import { Box } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { EventImage } from '@taquilla/shared/schemas/events';

/** A cover at 2:1 with a srcset; a soft placeholder when there is none. */
export function CoverImage({
  cover,
  alt,
  sizes = '(max-width: 600px) 100vw, 400px',
}: {
  cover: EventImage | null;
  alt: string;
  sizes?: string;
}) {
  return (
    <Box
      style={{
        aspectRatio: '2 / 1',
        overflow: 'hidden',
        background: 'linear-gradient(135deg, var(--mantine-color-blue-1), var(--mantine-color-indigo-2))',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {cover ? (
        <img
          src={cover.url}
          srcSet={cover.srcset.map((s) => `${s.url} ${s.width}w`).join(', ')}
          sizes={sizes}
          alt={alt}
          loading="lazy"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <IconCalendarEvent size={48} stroke={1.2} color="var(--mantine-color-blue-5)" aria-hidden />
      )}
    </Box>
  );
}
