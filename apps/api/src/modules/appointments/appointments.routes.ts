import {
  apiErrorSchema,
  appointmentIdParamSchema,
  appointmentInfosSchema,
  appointmentLineParamsSchema,
  appointmentSchema,
  appointmentSlotsQuerySchema,
  appointmentSlotsSchema,
  bookAppointmentSchema,
  moveAppointmentSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { AppointmentsService } from './appointments.service.ts';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = { ...readErrors, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };


export async function appointmentsRoutes(app: ModuleApp, service: AppointmentsService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/rdv/creneaux',
    {
      onRequest: authenticate,
      schema: {
        tags: ['appointments'],
        summary:
          'Les créneaux libres de 30 minutes pour un rendez-vous téléphonique avec un conseiller, jour par jour (heure de Paris) : du lundi au samedi de 8 h à 20 h, hors jours fériés, créneaux pris et créneaux à moins d’une heure ; au plus 31 jours, au plus 60 jours à l’avance. Pour une ligne que l’appelant gère ou dont il est l’utilisateur',
        querystring: appointmentSlotsQuerySchema,
        response: { 200: appointmentSlotsSchema, ...readErrors },
      },
    },
    async (request) => service.slots(caller(request).user.id, request.query),
  );

  app.get(
    '/api/rdv/:typeLigne/:idContrat/infos',
    {
      onRequest: authenticate,
      schema: {
        tags: ['appointments'],
        summary: 'La ligne (numéro, forfait, entreprise, numéro à rappeler par défaut) et ses rendez-vous à venir, quel que soit l’utilisateur qui les a pris',
        params: appointmentLineParamsSchema,
        response: { 200: appointmentInfosSchema, ...readErrors },
      },
    },
    async (request) => service.infos(caller(request).user.id, request.params.typeLigne, request.params.idContrat),
  );

  app.post(
    '/api/rdv/reserver',
    {
      onRequest: authenticate,
      schema: {
        tags: ['appointments'],
        summary:
          'Réserve un créneau pour une ligne : un créneau ne peut être tenu que par un rendez-vous (409 s’il vient d’être pris), deux rendez-vous à venir au plus par ligne. Confirmé par e-mail avec le fichier d’agenda (.ics, heure de Paris)',
        body: bookAppointmentSchema,
        response: { 201: appointmentSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.book(actorOf(request), request.body)),
  );

  app.put(
    '/api/rdv/:idRdv',
    {
      onRequest: authenticate,
      schema: {
        tags: ['appointments'],
        summary: 'Déplace un rendez-vous à venir sur un autre créneau libre (409 s’il vient d’être pris) ; e-mail avec le fichier d’agenda mis à jour (même UID, SEQUENCE suivante)',
        params: appointmentIdParamSchema,
        body: moveAppointmentSchema,
        response: { 200: appointmentSchema, ...writeErrors },
      },
    },
    async (request) => service.move(actorOf(request), request.params.idRdv, request.body.debut),
  );

  app.delete(
    '/api/rdv/:idRdv',
    {
      onRequest: authenticate,
      schema: {
        tags: ['appointments'],
        summary: 'Annule un rendez-vous à venir et libère son créneau ; e-mail avec le fichier d’agenda d’annulation (METHOD:CANCEL)',
        params: appointmentIdParamSchema,
        response: { 200: appointmentSchema, ...writeErrors },
      },
    },
    async (request) => service.cancel(actorOf(request), request.params.idRdv),
  );
}
