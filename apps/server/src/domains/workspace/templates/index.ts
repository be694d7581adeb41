/** What the rest of the server uses of the template library: its routes, the tables, and the e-mail a context sends. */
export { emailTemplates, formTemplates } from './schema';
export { templatesRoutes } from './routes';
export { TemplatesService, builtInFormTemplate } from './service';
export { templatedMail, renderTemplatedMail, emailTemplateFor, practiceEmailTemplate, type ClientMail } from './mail';
