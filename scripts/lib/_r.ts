import sharp from 'sharp';
const files = process.argv.slice(2);
const imgs = await Promise.all(files.map((f) => sharp(f).resize(200, 200).png().toBuffer()));
const out = sharp({ create: { width: 200 * imgs.length, height: 200, channels: 4, background: '#ffffff' } }).composite(imgs.map((input, i) => ({ input, left: i * 200, top: 0 })));
await out.png().toFile('/tmp/preview.png');
