import multipart from '@fastify/multipart';
import {
  adminProductListQuerySchema,
  adminProductPageSchema,
  CATEGORY_MESSAGES,
  CSV_IMPORT_LIMITS,
  categoryOrderSchema,
  categorySchema,
  categoryWriteSchema,
  createProductRequestSchema,
  IMAGE_MESSAGES,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_LIMITS,
  PRODUCT_WRITE_MESSAGES,
  productImportResultSchema,
  productSchema,
  subcategoryOrderSchema,
  subcategorySchema,
  subcategoryWriteSchema,
  updateProductRequestSchema,
} from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { AppError } from '../../lib/errors';
import { noStore } from '../../plugins/auth';
import { apiTag, multipartBody } from '../../plugins/openapi';
import type { CatalogAdminService, Upload } from './catalog-admin.service';
import { type CatalogCsv, csvFileName } from './catalog-csv';
import { imageTooLarge } from './image-pipeline';

/**
 * `/:idOrSlug`, the name the storefront's GET routes give the same path segment (one route tree,
 * one name per position); the writes take the id only (a slug is a 404).
 */
const idParams = z.object({ idOrSlug: z.string().min(1).max(100) });
const messageSchema = z.object({ message: z.string() });
const productAnswer = z.object({ message: z.string(), product: productSchema });
const categoryAnswer = z.object({ message: z.string(), category: categorySchema });
const subcategoryAnswer = z.object({ message: z.string(), subcategory: subcategorySchema });

/** Multipart fields other than files: short texts (the description, 5,000 characters, is the longest). */
const FIELD_LIMITS = { fields: 30, fieldSize: 64 * 1024 };

/**
 * A product form's whole body: eight images at their limit, and the fields. Checked against the
 * declared Content-Length before a byte is read; busboy's limits (file size, files, fields) bound
 * a body sent without one. The routes keep the app's small `bodyLimit`: it is what a JSON body
 * sent to them meets, so nobody (a guest included: bodies are parsed before the session is
 * checked) gets a large JSON body parsed here.
 */
export const PRODUCT_BODY_LIMIT = PRODUCT_LIMITS.imagesMax * PRODUCT_IMAGE_MAX_BYTES + 1024 * 1024;

export interface MultipartLimits {
  /** The largest file any field takes (busboy stops reading a file past it). */
  fileSize: number;
  files: number;
  /** The file fields taken; others are read past and dropped. */
  fileFields: readonly string[];
  /** The error for a file over fileSize. */
  tooLarge: () => AppError;
  /** The error for more files than `files`. */
  tooMany: () => AppError;
}

export interface MultipartBody {
  /** Text fields; a field sent more than once is a list. */
  fields: Record<string, string | string[]>;
  files: Upload[];
}

const notMultipart = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data, with the images as files');

/**
 * Reads a multipart body within limits, into memory: text fields, and files of the named fields.
 * The limits' errors become the API's codes (413 for a file or body too large).
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: MultipartLimits,
  bodyLimit: number,
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw notMultipart();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > bodyLimit) throw limits.tooLarge();
  const fields: Record<string, string | string[]> = Object.create(null);
  const files: Upload[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        ...FIELD_LIMITS,
        fileSize: limits.fileSize,
        files: limits.files,
        parts: limits.files + FIELD_LIMITS.fields + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!limits.fileFields.includes(part.fieldname)) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        // A body sent without Content-Length (chunked) is bounded here instead.
        total += bytes.length;
        if (total > bodyLimit) throw limits.tooLarge();
        files.push({ field: part.fieldname, filename: part.filename ?? '', bytes });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw limits.tooLarge();
    if (code === 'FST_FILES_LIMIT') throw limits.tooMany();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE', 'This form has too many fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw notMultipart();
    throw new AppError('INVALID_INPUT', 'The form could not be read: send it again');
  }
  return { fields: { ...fields }, files };
}

const PRODUCT_MULTIPART: MultipartLimits = {
  fileSize: PRODUCT_IMAGE_MAX_BYTES,
  files: PRODUCT_LIMITS.imagesMax,
  fileFields: ['images'],
  tooLarge: imageTooLarge,
  tooMany: () => new AppError('INVALID_INPUT', IMAGE_MESSAGES.tooMany, { errors: { images: IMAGE_MESSAGES.tooMany } }),
};

/**
 * The admin's catalogue calls under /api (admins only; the role comes from the database):
 * the product table, product writes with their images (multipart), category and subcategory
 * writes. A plugin of its own, so multipart bodies are taken on these routes only.
 */
/** An import: the CSV, a zip, and a picked folder's images. */
export const IMPORT_BODY_LIMIT = CSV_IMPORT_LIMITS.zipMaxBytes + CSV_IMPORT_LIMITS.maxBytes + 200 * 1024 * 1024;

const IMPORT_MULTIPART: MultipartLimits = {
  fileSize: CSV_IMPORT_LIMITS.zipMaxBytes,
  files: 1_002,
  fileFields: ['file', 'images', 'zip'],
  tooLarge: () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `A file sent with the import is too large (a zip may be ${CSV_IMPORT_LIMITS.zipMaxBytes / (1024 * 1024)} MB)`,
    ),
  tooMany: () => new AppError('PAYLOAD_TOO_LARGE', 'Send at most 1,000 images with an import, or put them in a zip'),
};

const importQuery = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'dryRun must be true or false' }).optional(),
});

export const catalogAdminRoutes: FastifyPluginAsyncZod<{ service: CatalogAdminService; csv: CatalogCsv }> = async (
  app,
  { service, csv },
) => {
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addHook('onSend', noStore);
  apiTag(app, 'Catalogue admin');
  // preValidation: the role is checked before the input, so a guest gets 401, never a 400 that shows the schema.
  const admin = { preValidation: app.requireAdmin };

  app.get(
    '/products/admin',
    {
      ...admin,
      schema: {
        summary: "The admin's product table (search, filters, sort, pages)",
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductPageSchema },
      },
    },
    async (request) => service.listProducts(request.query),
  );

  app.post(
    '/products',
    {
      ...admin,
      schema: {
        summary: 'Create a product (multipart: its fields and 1 to 8 images)',
        documentedBody: multipartBody('The product form', createProductRequestSchema, {
          images: { description: 'JPEG, PNG or WebP pictures, in order', many: true, required: true },
        }),
        response: { 201: productAnswer, ...errorResponses('NOT_FOUND', 'SLUG_TAKEN') },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, PRODUCT_MULTIPART, PRODUCT_BODY_LIMIT);
      const product = await service.createProduct(body.fields, body.files);
      return reply.status(201).send({ message: PRODUCT_WRITE_MESSAGES.created, product });
    },
  );

  app.put(
    '/products/:idOrSlug',
    {
      ...admin,
      schema: {
        summary: 'Edit a product (multipart: its fields, the images kept, new images)',
        params: idParams,
        documentedBody: multipartBody('The product form', updateProductRequestSchema, {
          images: { description: 'New pictures, after the kept ones', many: true },
        }),
        response: { 200: productAnswer, ...errorResponses('NOT_FOUND', 'SLUG_TAKEN') },
      },
    },
    async (request) => {
      const body = await readMultipart(request, PRODUCT_MULTIPART, PRODUCT_BODY_LIMIT);
      const product = await service.updateProduct(request.params.idOrSlug, body.fields, body.files);
      return { message: PRODUCT_WRITE_MESSAGES.updated, product };
    },
  );

  app.delete(
    '/products/:idOrSlug',
    {
      ...admin,
      schema: {
        summary: 'Delete a product',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      await service.deleteProduct(request.params.idOrSlug);
      return { message: PRODUCT_WRITE_MESSAGES.deleted };
    },
  );

  // ---------- CSV ----------

  app.get(
    '/products/export.csv',
    {
      ...admin,
      schema: {
        summary: 'The whole catalogue as CSV (the import takes it back)',
        documentedResponses: {
          200: { description: 'The CSV file (an attachment)', contentType: 'text/csv', schema: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const stream = csv.exportCsv((error) => request.log.error({ err: error }, 'catalogue export failed part way'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName()}"`)
        .send(stream);
    },
  );

  app.post(
    '/products/import',
    {
      ...admin,
      schema: {
        summary: 'Import products from CSV, with a zip or files of images (dryRun=true previews)',
        querystring: importQuery,
        documentedBody: multipartBody('The CSV and its images', undefined, {
          file: { description: 'The CSV (the columns of the export)', required: true },
          zip: { description: 'A zip of the images the CSV names' },
          images: { description: 'The images the CSV names, as files', many: true },
        }),
        response: { 200: productImportResultSchema, ...errorResponses('CATALOGUE_CHANGED') },
      },
    },
    async (request) => {
      const body = await readMultipart(request, IMPORT_MULTIPART, IMPORT_BODY_LIMIT);
      const files = {
        csv: body.files.find((file) => file.field === 'file')?.bytes,
        zip: body.files.find((file) => file.field === 'zip')?.bytes,
        images: body.files.filter((file) => file.field === 'images'),
      };
      return csv.importCsv(files, request.query.dryRun === 'true');
    },
  );

  // ---------- Categories ----------

  app.post(
    '/categories',
    {
      ...admin,
      schema: {
        summary: 'Create a category',
        documentedBody: { contentType: 'application/json', schema: categoryWriteSchema },
        response: { 201: categoryAnswer, ...errorResponses('SLUG_TAKEN') },
      },
    },
    async (request, reply) => {
      const category = await service.createCategory(request.body);
      return reply.status(201).send({ message: CATEGORY_MESSAGES.categoryCreated, category });
    },
  );

  app.put(
    '/categories/order',
    {
      ...admin,
      schema: {
        summary: 'Put the categories in a new order',
        documentedBody: { contentType: 'application/json', schema: categoryOrderSchema },
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await service.reorderCategories(request.body);
      return { message: CATEGORY_MESSAGES.reordered };
    },
  );

  app.put(
    '/categories/:idOrSlug',
    {
      ...admin,
      schema: {
        summary: 'Rename a category',
        params: idParams,
        documentedBody: { contentType: 'application/json', schema: categoryWriteSchema },
        response: { 200: categoryAnswer, ...errorResponses('NOT_FOUND', 'SLUG_TAKEN') },
      },
    },
    async (request) => {
      const category = await service.updateCategory(request.params.idOrSlug, request.body);
      return { message: CATEGORY_MESSAGES.categoryUpdated, category };
    },
  );

  app.delete(
    '/categories/:idOrSlug',
    {
      ...admin,
      schema: {
        summary: 'Delete an empty category',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses('NOT_FOUND', 'CATEGORY_NOT_EMPTY') },
      },
    },
    async (request) => {
      await service.deleteCategory(request.params.idOrSlug);
      return { message: CATEGORY_MESSAGES.categoryDeleted };
    },
  );

  // ---------- Subcategories ----------

  app.post(
    '/subcategories',
    {
      ...admin,
      schema: {
        summary: 'Create a subcategory',
        documentedBody: { contentType: 'application/json', schema: subcategoryWriteSchema },
        response: { 201: subcategoryAnswer, ...errorResponses('NOT_FOUND', 'SLUG_TAKEN') },
      },
    },
    async (request, reply) => {
      const subcategory = await service.createSubcategory(request.body);
      return reply.status(201).send({ message: CATEGORY_MESSAGES.subcategoryCreated, subcategory });
    },
  );

  app.put(
    '/subcategories/order',
    {
      ...admin,
      schema: {
        summary: 'Put the subcategories of a category in a new order',
        documentedBody: { contentType: 'application/json', schema: subcategoryOrderSchema },
        response: { 200: messageSchema, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      await service.reorderSubcategories(request.body);
      return { message: CATEGORY_MESSAGES.reordered };
    },
  );

  app.put(
    '/subcategories/:idOrSlug',
    {
      ...admin,
      schema: {
        summary: 'Rename a subcategory or move it to another category',
        params: idParams,
        documentedBody: { contentType: 'application/json', schema: subcategoryWriteSchema },
        response: { 200: subcategoryAnswer, ...errorResponses('NOT_FOUND', 'SLUG_TAKEN') },
      },
    },
    async (request) => {
      const subcategory = await service.updateSubcategory(request.params.idOrSlug, request.body);
      return { message: CATEGORY_MESSAGES.subcategoryUpdated, subcategory };
    },
  );

  app.delete(
    '/subcategories/:idOrSlug',
    {
      ...admin,
      schema: {
        summary: 'Delete an empty subcategory',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses('NOT_FOUND', 'CATEGORY_NOT_EMPTY') },
      },
    },
    async (request) => {
      await service.deleteSubcategory(request.params.idOrSlug);
      return { message: CATEGORY_MESSAGES.subcategoryDeleted };
    },
  );
};
