/**
 * Reads a QR code from a video frame: the browser's own BarcodeDetector where it exists and reads QR
 * codes (Chrome on Android), otherwise ZXing compiled to WebAssembly (iOS Safari, Firefox, desktop), its
 * .wasm served from our own origin. The library is downloaded only by browsers that need it.
 */
export type QrDecoder = (frame: HTMLCanvasElement) => Promise<string | null>;

interface NativeDetector {
  detect(source: HTMLCanvasElement): Promise<{ rawValue: string }[]>;
}
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
};

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const formats = (await Detector.getSupportedFormats?.().catch(() => [])) ?? [];
  if (!formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
}

async function wasmDecoder(): Promise<QrDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return async (frame) => {
    const context = frame.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    const image = context.getImageData(0, 0, frame.width, frame.height);
    const [found] = await readBarcodes(image, {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return found?.isValid ? found.text : null;
  };
}

export interface Decoder {
  decode: QrDecoder;
  /** Which path this browser takes (the page marks it for tests). */
  engine: 'native' | 'zxing';
}

let decoder: Promise<Decoder> | null = null;

export function qrDecoder(): Promise<Decoder> {
  decoder ??= nativeDecoder().then(async (native) =>
    native
      ? { decode: native, engine: 'native' as const }
      : { decode: await wasmDecoder(), engine: 'zxing' as const },
  );
  return decoder;
}
