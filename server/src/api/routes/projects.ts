import type { Services } from '../../services.ts';
import { ProjectCreate, ProjectDetailPublic, ProjectPublic, ProjectUpdate, JobPublic, Message, z } from '../schemas.ts';
import type { ApiDefinition } from '../route.ts';
import { HttpError, notFound, orNotFound } from '../errors.ts';
import { blueprintRecordPublic, jobPublic, projectPublic } from '../present.ts';
import { createProject, deleteProject, getProject, listProjects, updateProject } from '../../store/projects.ts';
import { getJob, listJobs } from '../../store/jobs.ts';
import { listBlueprints, storagePrefix } from '../../store/blueprints.ts';
import { cancelProcessingJob, deleteProcessingJob } from '../../jobs/control.ts';

const ProjectParams = z.object({ project_id: z.string() });
const JobParams = z.object({ project_id: z.string(), job_id: z.string() });

export function projectRoutes(api: ApiDefinition, services: Services): void {
  const { db } = services;

  const requireProject = (userId: string, projectId: string) => orNotFound(getProject(db, userId, projectId), 'Project');
  const requireJob = (userId: string, projectId: string, jobId: string) => orNotFound(getJob(db, userId, projectId, jobId), 'Job');

  api.add({
    method: 'get',
    path: '/v1/projects',
    tag: 'Projects',
    summary: 'List projects',
    description: 'All of the caller\'s projects, oldest first. No pagination.',
    responses: { 200: { description: 'Projects', schema: z.object({ projects: z.array(ProjectPublic), message: Message }) } },
    handler: async ({ principal }) => {
      const projects = await listProjects(db, principal.userId);
      return { body: { projects: projects.map(projectPublic), message: `Fetched ${projects.length} projects` } };
    },
  });

  api.add({
    method: 'post',
    path: '/v1/projects',
    tag: 'Projects',
    summary: 'Create a project',
    body: ProjectCreate,
    responses: { 201: { description: 'Created', schema: z.object({ project: ProjectPublic, message: Message }) } },
    handler: async ({ principal, body }) => {
      const project = await createProject(db, principal.userId, body.name, body.description);
      return { status: 201, body: { project: projectPublic(project), message: 'Project created' } };
    },
  });

  api.add({
    method: 'get',
    path: '/v1/projects/{project_id}',
    tag: 'Projects',
    summary: 'Read a project with its jobs and blueprints',
    params: ProjectParams,
    responses: {
      200: { description: 'Project', schema: z.object({ project: ProjectDetailPublic, message: Message }) },
      404: { description: 'No such project for this user' },
    },
    handler: async ({ principal, params }) => {
      const project = await requireProject(principal.userId, params.project_id);
      const [jobs, blueprints] = await Promise.all([listJobs(db, project.id), listBlueprints(db, project.id)]);
      return {
        body: {
          project: {
            ...projectPublic(project),
            jobs: Object.fromEntries(jobs.map((job) => [job.id, jobPublic(job)])),
            blueprint_records: Object.fromEntries(blueprints.map((row) => [row.id, blueprintRecordPublic(row)])),
          },
          message: 'Project fetched',
        },
      };
    },
  });

  api.add({
    method: 'patch',
    path: '/v1/projects/{project_id}',
    tag: 'Projects',
    summary: 'Update a project',
    params: ProjectParams,
    body: ProjectUpdate,
    responses: {
      200: { description: 'Updated', schema: z.object({ project: ProjectPublic, message: Message }) },
      404: { description: 'No such project for this user' },
    },
    handler: async ({ principal, params, body }) => {
      const project = await orNotFound(updateProject(db, principal.userId, params.project_id, body), 'Project');
      return { body: { project: projectPublic(project), message: 'Project updated' } };
    },
  });

  api.add({
    method: 'delete',
    path: '/v1/projects/{project_id}',
    tag: 'Projects',
    summary: 'Delete a project',
    description: 'Removes the project with all its jobs (running ones stop at their next stage), blueprints, words, pending uploads and stored files.',
    params: ProjectParams,
    responses: {
      200: { description: 'Deleted', schema: z.object({ project_id: z.string(), message: Message }) },
      404: { description: 'No such project for this user' },
    },
    handler: async ({ principal, params }) => {
      const removed = await db.transaction((tx) => deleteProject(tx, principal.userId, params.project_id));
      if (!removed) throw notFound('Project');
      await Promise.all([
        ...removed.blueprintIds.map((id) => services.blobs.remove(storagePrefix(id))),
        ...removed.uploadKeys.map((key) => services.blobs.remove(key)),
      ]);
      return { body: { project_id: params.project_id, message: 'Project deleted' } };
    },
  });

  api.add({
    method: 'get',
    path: '/v1/projects/{project_id}/jobs',
    tag: 'Jobs',
    summary: 'List the jobs of a project',
    params: ProjectParams,
    responses: {
      200: { description: 'Jobs by id', schema: z.object({ jobs: z.record(z.string(), JobPublic), message: Message }) },
      404: { description: 'No such project for this user' },
    },
    handler: async ({ principal, params }) => {
      const project = await requireProject(principal.userId, params.project_id);
      const jobs = await listJobs(db, project.id);
      return { body: { jobs: Object.fromEntries(jobs.map((job) => [job.id, jobPublic(job)])), message: `Fetched ${jobs.length} jobs` } };
    },
  });

  api.add({
    method: 'get',
    path: '/v1/projects/{project_id}/jobs/{job_id}',
    tag: 'Jobs',
    summary: 'Read a job',
    params: JobParams,
    responses: {
      200: { description: 'Job', schema: z.object({ job: JobPublic, message: Message }) },
      404: { description: 'No such project or job for this user' },
    },
    handler: async ({ principal, params }) => {
      const job = await requireJob(principal.userId, params.project_id, params.job_id);
      return { body: { job: jobPublic(job), message: 'Job fetched' } };
    },
  });

  api.add({
    method: 'delete',
    path: '/v1/projects/{project_id}/jobs/{job_id}',
    tag: 'Jobs',
    summary: 'Delete a job',
    description: 'A PENDING or RUNNING job is cancelled first (its unfinished blueprint is removed). A finished job\'s blueprint stays in the project.',
    params: JobParams,
    responses: {
      200: { description: 'Deleted', schema: z.object({ job_id: z.string(), message: Message }) },
      404: { description: 'No such project or job for this user' },
    },
    handler: async ({ principal, params }) => {
      const job = await requireJob(principal.userId, params.project_id, params.job_id);
      await deleteProcessingJob(services, job);
      return { body: { job_id: job.id, message: 'Job deleted' } };
    },
  });

  api.add({
    method: 'post',
    path: '/v1/projects/{project_id}/jobs/{job_id}/cancel',
    tag: 'Jobs',
    summary: 'Cancel a job',
    description:
      'PENDING or RUNNING → CANCELLED. A running worker stops at its next stage boundary; the unfinished blueprint and its files are removed. A job that already ended answers 409.',
    params: JobParams,
    responses: {
      200: { description: 'Cancelled', schema: z.object({ job: JobPublic, message: Message }) },
      404: { description: 'No such project or job for this user' },
      409: { description: 'The job already ended (SUCCEEDED, FAILED or CANCELLED)' },
    },
    handler: async ({ principal, params }) => {
      const job = await requireJob(principal.userId, params.project_id, params.job_id);
      const cancelled = await cancelProcessingJob(services, job);
      if (!cancelled) {
        const current = await requireJob(principal.userId, params.project_id, params.job_id);
        throw new HttpError(409, `Job already ended with status ${current.status}`);
      }
      return { body: { job: jobPublic(cancelled), message: 'Job cancelled' } };
    },
  });
}
