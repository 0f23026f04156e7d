CREATE TABLE "upload_folder_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_folder_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folder_token" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_seconds" numeric(12, 3) NOT NULL,
	CONSTRAINT "upload_folder_files_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE TABLE "upload_folders" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"report_type_id" integer NOT NULL,
	"audio_duration_seconds" numeric(12, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"job_id" integer,
	"used_at" timestamp with time zone,
	CONSTRAINT "upload_folders_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
ALTER TABLE "upload_folder_files" ADD CONSTRAINT "upload_folder_files_folder_token_upload_folders_token_fk" FOREIGN KEY ("folder_token") REFERENCES "public"."upload_folders"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_folders" ADD CONSTRAINT "upload_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_folders" ADD CONSTRAINT "upload_folders_report_type_id_report_types_id_fk" FOREIGN KEY ("report_type_id") REFERENCES "public"."report_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_folders" ADD CONSTRAINT "upload_folders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_folder_files_folder_idx" ON "upload_folder_files" USING btree ("folder_token");--> statement-breakpoint
CREATE INDEX "upload_folders_user_idx" ON "upload_folders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "upload_folders_expires_idx" ON "upload_folders" USING btree ("expires_at");