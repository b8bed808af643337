// Step 1's map (MapLibre through react-map-gl), imported only when the address modal opens: the
// library and its stylesheet are never part of a catalogue page. The delivery point is the map's
// centre, shown by a pin fixed over the middle of the map (the map moves under it).
// MapLibre's own keyboard handling (arrows pan, +/- zoom) works once the map has focus; nobody
// needs the map, though: the search box and 'Continuar' reach the same place.
import { useEffect, useRef, useState } from 'react';
import MapGL, { NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import type { StyleSpecification } from 'maplibre-gl';
// A URL, not a CSS import: Astro would otherwise inline MapLibre's sheet into pages that never map.
import maplibreCssUrl from 'maplibre-gl/dist/maplibre-gl.css?url';
import { t } from '../../src/i18n/index.ts';
import { CenterMarker } from './CenterMarker.tsx';
import type { LngLatPoint } from './types.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import './i18n.ts';

export interface FlyTarget extends LngLatPoint {
  zoom: number;
  /** A new number for every request, so flying twice to one place still flies. */
  key: number;
}

export interface AddressMapProps {
  initial: LngLatPoint & { zoom: number };
  mapStyle: Record<string, unknown>;
  target: FlyTarget | null;
  onCenter: (point: LngLatPoint, zoom: number) => void;
  /** The map could not start (no WebGL after all): the modal falls back to the list. */
  onFailure: () => void;
}

function loadMapCss(): void {
  if (document.querySelector('link[data-maplibre-css]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = maplibreCssUrl;
  link.setAttribute('data-maplibre-css', '');
  document.head.appendChild(link);
}

/** The API wants Client-Type and Api-Version on every call, tiles and glyphs of its own style included. */
function withApiHeaders(url: string): { url: string; headers?: Record<string, string> } {
  try {
    const u = new URL(url, location.href);
    if (u.origin === location.origin && u.pathname.startsWith('/api/')) return { url, headers: { ...API_HEADERS } };
  } catch {
    /* not a URL MapLibre can fetch anyway */
  }
  return { url };
}

export default function AddressMap({ initial, mapStyle, target, onCenter, onFailure }: AddressMapProps) {
  const ref = useRef<MapRef>(null);
  const onCenterRef = useRef(onCenter);
  onCenterRef.current = onCenter;
  // The view, also written on the element (data-zoom, data-center) for tests and debugging.
  const [view, setView] = useState({ ...initial });
  loadMapCss();

  // A fly request made before the map exists (it is built asynchronously) waits for its load.
  const flown = useRef<number | null>(null);
  /** The target of the last flight until the map has come to rest on it. */
  const landing = useRef<FlyTarget | null>(null);
  const fly = () => {
    const map = ref.current;
    if (!map || !target || flown.current === target.key) return;
    flown.current = target.key;
    landing.current = target;
    // Not 'essential': a customer who asked for reduced motion gets a jump instead of a flight.
    map.flyTo({ center: [target.lng, target.lat], zoom: target.zoom });
  };
  useEffect(fly, [target]);

  const report = (map: MapRef) => {
    const c = map.getCenter();
    const zoom = map.getZoom();
    // The container may change size during the flight (the results list closing, a phone's
    // keyboard going away) and the flight then ends beside the chosen point: land exactly on it.
    const goal = landing.current;
    if (goal && (Math.abs(c.lng - goal.lng) > 1e-6 || Math.abs(c.lat - goal.lat) > 1e-6 || Math.abs(zoom - goal.zoom) > 1e-3)) {
      if (map.isMoving()) return;
      // Once: the jump's own moveend then reports wherever the map could go.
      landing.current = null;
      map.jumpTo({ center: [goal.lng, goal.lat], zoom: goal.zoom });
      return;
    }
    landing.current = null;
    setView({ lng: c.lng, lat: c.lat, zoom });
    onCenterRef.current({ lng: c.lng, lat: c.lat }, zoom);
  };

  return (
    <div
      className="absolute inset-0"
      data-address-map
      data-zoom={Math.round(view.zoom * 100) / 100}
      data-center={`${view.lng.toFixed(6)},${view.lat.toFixed(6)}`}
    >
      <MapGL
        ref={ref}
        initialViewState={{ longitude: initial.lng, latitude: initial.lat, zoom: initial.zoom }}
        mapStyle={mapStyle as unknown as StyleSpecification}
        transformRequest={withApiHeaders}
        style={{ width: '100%', height: '100%' }}
        // Street lines need no more than 2 device pixels per CSS pixel; a 3x phone would draw
        // 2.25 times the pixels for nothing but battery.
        pixelRatio={Math.min(globalThis.devicePixelRatio || 1, 2)}
        dragRotate={false}
        touchPitch={false}
        pitchWithRotate={false}
        onLoad={() => {
          const map = ref.current;
          if (!map) return;
          map.getCanvas().setAttribute('aria-label', t('address:modal.mapLabel'));
          // A point chosen while the map was loading wins over the initial view.
          fly();
          if (!landing.current) report(map);
        }}
        onMoveEnd={() => ref.current && report(ref.current)}
        onDragStart={() => {
          // The customer takes over: wherever the map stops is the point.
          landing.current = null;
        }}
        onError={(e) => {
          // No target: the map itself could not be built (WebGL). Tile or glyph failures only log.
          if (!e.target) onFailure();
          else console.warn('[map]', e.error);
        }}
      >
        <NavigationControl position="top-right" showCompass={false} />
      </MapGL>
      <CenterMarker />
    </div>
  );
}
