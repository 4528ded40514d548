import QRCode from 'qrcode';

/**
 * The QR code of an eSIM activation code (`LPA:1$…`) as a PNG data URL. Medium error correction
 * (15 %) reads well off a screen; 8 pixels a module and the standard quiet zone of 4 modules give
 * an image of about 300 px that a phone scans from a laptop screen at arm's length.
 */
export function esimQrCode(activationCode: string): Promise<string> {
  return QRCode.toDataURL(activationCode, { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}
