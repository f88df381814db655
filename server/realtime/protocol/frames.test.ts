import { describe, expect, it } from 'vitest';
import { decodeBinary, decodeText, encodeMessage, encodeUserBroadcast } from './frames.ts';

describe('phoenix frames', () => {
  it('decodes v2 arrays and v1 objects into one shape', () => {
    const v2 = decodeText('["1","2","realtime:a","phx_join",{"config":{}}]', '2.0.0');
    const v1 = decodeText('{"join_ref":"1","ref":"2","topic":"realtime:a","event":"phx_join","payload":{"config":{}}}', '1.0.0');
    expect(v2).toEqual(v1);
    expect(v2).toMatchObject({ ok: true, message: { joinRef: '1', ref: '2', topic: 'realtime:a', event: 'phx_join' } });
  });

  it('reports malformed frames with whatever refs it could read', () => {
    expect(decodeText('nope', '2.0.0')).toMatchObject({ ok: false, error: 'frame is not valid JSON' });
    expect(decodeText('[null,"3","realtime:a","x",[1]]', '2.0.0')).toMatchObject({ ok: false, ref: '3', topic: 'realtime:a' });
    expect(decodeText('[1,2]', '2.0.0')).toMatchObject({ ok: false });
  });

  it('refuses frames nested deeper than the JSON rule every service shares, text and binary alike', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(decodeText(`["1","2","realtime:a","broadcast",{"payload":${deep}}]`, '2.0.0')).toMatchObject({ ok: false, error: 'frame nests deeper than 512 levels' });
    expect(decodeText(`{"topic":"realtime:a","event":"x","payload":{"a":${deep}},"ref":"1"}`, '1.0.0')).toMatchObject({ ok: false });
    const text = (value: string) => new TextEncoder().encode(value);
    const [topic, event, body] = [text('realtime:a'), text('e'), text(deep)];
    const frame = new Uint8Array([3, 0, 0, topic.length, event.length, 0, 1, ...topic, ...event, ...body]);
    expect(decodeBinary(frame)).toMatchObject({ ok: false, error: 'frame nests deeper than 512 levels' });
    expect(decodeText(`["1","2","realtime:a","broadcast",{"payload":${'['.repeat(500)}${']'.repeat(500)}}]`, '2.0.0')).toMatchObject({ ok: true });
  });

  it('decodes the kind-3 frame realtime-js sends for channel.send()', () => {
    // Captured: 03 01 01 0e 06 00 01 "6" "7" "realtime:room1" "cursor" {"x":9}
    const head = [3, 1, 1, 14, 6, 0, 1];
    const bytes = new Uint8Array([...head, ...Buffer.from('67realtime:room1cursor{"x":9}')]);
    expect(decodeBinary(bytes)).toEqual({
      ok: true,
      kind: 'broadcast',
      joinRef: '6',
      ref: '7',
      broadcast: { topic: 'realtime:room1', userEvent: 'cursor', payload: { x: 9 }, metadata: null },
    });
    expect(decodeBinary(new Uint8Array([3, 9, 9, 9, 9, 0, 1]))).toMatchObject({ ok: false });
    expect(decodeBinary(new Uint8Array([7, 0, 0, 0, 0, 0, 0]))).toMatchObject({ ok: false, error: 'unsupported binary frame kind 7' });
  });

  it('encodes kind-4 broadcasts and v1 objects without join_ref', () => {
    const frame = encodeUserBroadcast({ topic: 'realtime:r', userEvent: 'e', payload: { a: 1 }, metadata: null });
    expect(Array.from(frame?.subarray(0, 5) ?? [])).toEqual([4, 10, 1, 0, 1]);
    expect(Buffer.from(frame?.subarray(5) ?? []).toString()).toBe('realtime:re{"a":1}');
    const message = { joinRef: '1', ref: '2', topic: 't', event: 'phx_reply', payload: {} };
    expect(JSON.parse(encodeMessage(message, '1.0.0'))).toEqual({ topic: 't', event: 'phx_reply', payload: {}, ref: '2' });
    expect(JSON.parse(encodeMessage(message, '2.0.0'))).toEqual(['1', '2', 't', 'phx_reply', {}]);
  });
});
