import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { qrDecoder } from './qr-decoder.ts';

/** Frames are read this often; a decode of a phone-sized frame takes a few tens of milliseconds. */
const SCAN_EVERY_MS = 120;
/** The same code seen again within this time is the same ticket still in front of the camera. */
const SAME_CODE_MS = 3000;
/** Frames are scaled down to this width: QR codes on phones read fine, decoding stays fast. */
const FRAME_WIDTH = 640;

const CAMERA_KEY = 'taquilla-door-camera';

/**
 * The back camera, scanning continuously: each new code goes to `onCode` at once and the scanner goes on
 * reading; the same code read again while it stays in view is not sent twice.
 */
export function CameraScanner(props: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(() => localStorage.getItem(CAMERA_KEY) === 'on');
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const onCode = useRef(props.onCode);
  onCode.current = props.onCode;

  useEffect(() => {
    localStorage.setItem(CAMERA_KEY, open ? 'on' : 'off');
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    const canvas = document.createElement('canvas');

    const start = async () => {
      const [decoder, media] = await Promise.all([
        qrDecoder(),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
      ]);
      stream = media;
      const el = video.current;
      if (stopped || !el) return;
      el.srcObject = media;
      await el.play();
      el.dataset.decoder = decoder.engine;
      const tick = async () => {
        if (stopped) return;
        if (el.readyState >= 2 && el.videoWidth) {
          const scale = Math.min(1, FRAME_WIDTH / el.videoWidth);
          canvas.width = Math.round(el.videoWidth * scale);
          canvas.height = Math.round(el.videoHeight * scale);
          canvas
            .getContext('2d', { willReadFrequently: true })
            ?.drawImage(el, 0, 0, canvas.width, canvas.height);
          const code = await decoder.decode(canvas).catch(() => null);
          const now = Date.now();
          if (code && code === last.code && now - last.at < SAME_CODE_MS) last.at = now;
          else if (code) {
            last = { code, at: now };
            onCode.current(code);
          }
        }
        timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    };
    start().catch(() => {
      setFailed(true);
      setOpen(false);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  if (!navigator.mediaDevices?.getUserMedia) return null;
  return (
    <Stack gap="xs">
      {open && (
        <video
          ref={video}
          muted
          playsInline
          data-testid="door-camera"
          style={{ width: '100%', height: 260, objectFit: 'cover', borderRadius: 12, background: '#000' }}
        />
      )}
      {failed && (
        <Alert color="orange" role="status">
          <Trans>No se ha podido abrir la cámara. Escribe el código a mano.</Trans>
        </Alert>
      )}
      <Button
        size="lg"
        variant={open ? 'default' : 'filled'}
        onClick={() => {
          setFailed(false);
          setOpen((o) => !o);
        }}
      >
        {open ? <Trans>Cerrar cámara</Trans> : <Trans>Escanear con la cámara</Trans>}
      </Button>
    </Stack>
  );
}
