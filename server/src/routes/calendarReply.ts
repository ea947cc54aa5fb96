import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';

/** The answer's schema and the reply of an appointment's calendar file. */
export const CalendarResponse = {
  description: 'The appointment as a calendar event (.ics)',
  content: { 'text/calendar': { schema: Type.String() } },
};

export function sendCalendar(reply: FastifyReply, file: { fileName: string; text: string }) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.text);
}
