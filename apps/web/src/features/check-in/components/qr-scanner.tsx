import { Trans } from '@lingui/react/macro';
import { Alert, Box, Button, Stack } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** The part of the browser's Shape Detection API this page uses (not yet in TypeScript's DOM types). */
interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => QrDetector;

const Detector = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;

/** Whether this browser can read QR codes from the camera (Chrome on Android does; others may not). */
export const canScan = () => Boolean(Detector && navigator.mediaDevices?.getUserMedia);

/** The same code seen again within this time is the same ticket still in front of the camera. */
const SAME_CODE_MS = 3000;
const SCAN_EVERY_MS = 250;

/** The back camera, reading QR codes; each new code goes to `onCode`. Closing it stops the camera. */
export function QrScanner(props: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const onCode = useRef(props.onCode);
  onCode.current = props.onCode;

  useEffect(() => {
    if (!open || !Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let last = { code: '', at: 0 };
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(async () => {
          if (!video.current || video.current.readyState < 2) return;
          const [found] = await detector.detect(video.current).catch(() => []);
          if (!found?.rawValue) return;
          const now = Date.now();
          if (found.rawValue === last.code && now - last.at < SAME_CODE_MS) return;
          last = { code: found.rawValue, at: now };
          onCode.current(found.rawValue);
        }, SCAN_EVERY_MS);
      })
      .catch(() => {
        setFailed(true);
        setOpen(false);
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  if (!canScan()) return null;
  return (
    <Stack gap="xs">
      {open && (
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          style={{ width: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 12, background: '#000' }}
        />
      )}
      {failed && (
        <Alert color="orange">
          <Trans>No se ha podido abrir la cámara. Escribe el código a mano.</Trans>
        </Alert>
      )}
      <Button
        size="lg"
        variant={open ? 'default' : 'filled'}
        leftSection={open ? <IconCameraOff /> : <IconCamera />}
        onClick={() => {
          setFailed(false);
          setOpen((o) => !o);
        }}
      >
        {open ? <Trans>Cerrar cámara</Trans> : <Trans>Escanear código QR</Trans>}
      </Button>
    </Stack>
  );
}
