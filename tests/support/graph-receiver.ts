import { listenAsReceiver, type FailingReceiver, type FailureAnswer } from './http-receiver';
import { freePort } from './ports';

export interface GraphRequest {
  path: string;
  body: {
    data: Record<string, unknown>[];
    access_token: string;
    test_event_code?: string;
  };
}

export interface GraphReceiver extends FailingReceiver {
  /** What META_GRAPH_URL points at. */
  url: string;
  /** Accepted POSTs, in arrival order. */
  received: GraphRequest[];
  close(): Promise<void>;
}

/** Meta's 400 to an event it refuses for its own data: `graph.failFor(eventId, Infinity, eventRefused)`. */
export const eventRefused: FailureAnswer = {
  status: 400,
  body: JSON.stringify({
    error: {
      message: 'Invalid parameter',
      type: 'OAuthException',
      code: 100,
      error_subcode: 2804003,
      is_transient: false,
      error_user_title: 'Event Timestamp Too Old',
      error_user_msg: 'The timestamp for this event is too far in the past.',
    },
  }),
};

/**
 * A real local HTTP server standing in for Meta's Graph API: it keeps each events POST and
 * answers as Meta does (`{"events_received":n}`), or fails on demand.
 */
export async function startGraphReceiver(port?: number): Promise<GraphReceiver> {
  port ??= await freePort();
  const receiver: GraphReceiver = {
    url: `http://127.0.0.1:${port}`,
    received: [],
    ...(await listenAsReceiver(
      port,
      '{"error":{"message":"An unknown error occurred"}}',
      (request, text, response) => {
        const body = JSON.parse(text) as GraphRequest['body'];
        receiver.received.push({ path: request.url ?? '', body });
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ events_received: body.data.length, fbtrace_id: 'trace' }));
      },
    )),
  };
  return receiver;
}
