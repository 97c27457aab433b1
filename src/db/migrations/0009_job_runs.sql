CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"key" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_key_pk" PRIMARY KEY("job","key")
);
