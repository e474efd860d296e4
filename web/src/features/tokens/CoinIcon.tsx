/** A coin's or token's icon (served by the app under /icons); decorative, the name is always next to it. */
export function CoinIcon({ src, size = 24 }: { src: string; size?: number }) {
  return <img src={src} alt="" width={size} height={size} className="coin-icon" />;
}
