import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { FilesService, type ClinicalFileCheck } from './service';

export function filesRoutes(app: FastifyInstance, platform: Platform, clinicalFile?: ClinicalFileCheck): void {
  const service = new FilesService(platform, clinicalFile);
  registerRoutes(app, {
    uploadFile: (_input, { request }) => service.upload(requireAuth(request), request),
    downloadFile: async ({ params }, { request, reply }) => {
      await service.download(requireAuth(request), params.id, request, reply);
      return reply;
    },
  });
}
