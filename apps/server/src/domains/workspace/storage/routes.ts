import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { StorageService } from './service';

/** The practice's cloud storage (/Cloud-storage); the service records each write's activity itself. */
export function storageRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new StorageService(platform);
  registerRoutes(
    app,
    {
      getStorageUsage: (_input, { request }) => service.usage(requireAuth(request)),
      listStorageItems: ({ query }, { request }) => service.listing(requireAuth(request), query),
      listStorageClients: ({ query }, { request }) => service.clients(requireAuth(request), query),
      listStorageClientDocuments: ({ params, query }, { request }) =>
        service.clientDocuments(requireAuth(request), params.id, query),
      createStorageFolder: ({ body }, { request }) => service.createFolder(request, requireAuth(request), body),
      renameStorageFolder: ({ params, body }, { request }) =>
        service.renameFolder(request, requireAuth(request), params.id, body),
      moveStorageFolder: ({ params, body }, { request }) =>
        service.moveFolder(request, requireAuth(request), params.id, body),
      deleteStorageFolder: ({ params }, { request }) => service.deleteFolder(request, requireAuth(request), params.id),
      uploadStorageFile: ({ query }, { request }) => service.upload(request, requireAuth(request), query),
      renameStorageFile: ({ params, body }, { request }) =>
        service.renameFile(request, requireAuth(request), params.id, body),
      moveStorageFile: ({ params, body }, { request }) =>
        service.moveFile(request, requireAuth(request), params.id, body),
      deleteStorageFile: ({ params }, { request }) => service.deleteFile(request, requireAuth(request), params.id),
      previewStorageFile: ({ params }, { request }) => service.preview(request, requireAuth(request), params.id),
      showStoragePreview: ({ params }, { reply }) => service.showPreview(params.token, reply),
    },
    {},
    { ownActivity: true },
  );
}
