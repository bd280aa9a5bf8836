// Shapes that cross the wire, derived from the route schemas (types/wire/*, TypeBox) that the
// server validates, serializes and documents with. The app imports these types; a renamed
// field in a schema breaks the build on both sides, not the user.
import type { Static } from 'typebox';
import type { DataSourceRefSchema, DetailSchema, ErrorBodySchema } from './schema';
import type * as Auth from './wire/auth';
import type * as Organizations from './wire/organizations';
import type * as Companies from './wire/companies';
import type * as Profiles from './wire/profiles';
import type * as ProfileLists from './wire/profile-lists';
import type * as Searches from './wire/searches';
import type * as DataOperations from './wire/data-operations';
import type * as Signals from './wire/signals';
import type * as Alerts from './wire/alerts';
import type * as Audit from './wire/audit';

export { RATING_FIELDS, type RatingField } from './wire/profiles';

export type Id = number;
/** ISO 8601 timestamp in UTC. */
export type IsoDateTime = string;

export interface ListResponse<T> {
  count: number;
  results: T[];
}
export type ErrorBody = Static<typeof ErrorBodySchema>;
export type DetailResponse = Static<typeof DetailSchema>;
export type DataSourceRef = Static<typeof DataSourceRefSchema>;

export type User = Static<typeof Auth.UserSchema>;
export type SignInRequest = Static<typeof Auth.SignInRequestSchema>;
export type SignInResponse = Static<typeof Auth.SignInResponseSchema>;
export type RegistrationRequest = Static<typeof Auth.RegistrationRequestSchema>;
export type ActivationRequest = Static<typeof Auth.ActivationRequestSchema>;
export type RequestResetRequest = Static<typeof Auth.RequestResetRequestSchema>;
export type ResetPasswordRequest = Static<typeof Auth.ResetPasswordRequestSchema>;
export type ChangePasswordRequest = Static<typeof Auth.ChangePasswordRequestSchema>;
export type CrowdsourcingRequest = Static<typeof Auth.CrowdsourcingRequestSchema>;
export type UserIdRequest = Static<typeof Auth.UserIdRequestSchema>;

export type OrganizationMember = Static<typeof Organizations.OrganizationMemberSchema>;
export type Organization = Static<typeof Organizations.OrganizationSchema>;
export type OrganizationWrite = Static<typeof Organizations.OrganizationWriteSchema>;

export type Company = Static<typeof Companies.CompanySchema>;

export type ProfileSummary = Static<typeof Profiles.ProfileSummarySchema>;
export type Profile = Static<typeof Profiles.ProfileSchema>;
export type Education = Static<typeof Profiles.EducationSchema>;
export type Job = Static<typeof Profiles.JobSchema>;
export type Skill = Static<typeof Profiles.SkillSchema>;
export type Course = Static<typeof Profiles.CourseSchema>;
export type Language = Static<typeof Profiles.LanguageSchema>;
export type Project = Static<typeof Profiles.ProjectSchema>;
export type Publication = Static<typeof Profiles.PublicationSchema>;
export type License = Static<typeof Profiles.LicenseSchema>;
export type Recommendation = Static<typeof Profiles.RecommendationSchema>;
export type Interest = Static<typeof Profiles.InterestSchema>;
export type ProfileComment = Static<typeof Profiles.ProfileCommentSchema>;
export type ProfileDimensions = Static<typeof Profiles.ProfileDimensionsSchema>;
export type Connection = Static<typeof Profiles.ConnectionSchema>;
export type AnnotationProvenance = Static<typeof Profiles.AnnotationProvenanceSchema>;
export type AnnotationCorrection = Static<typeof Profiles.AnnotationCorrectionSchema>;
export type ProfileChange = Static<typeof Profiles.ProfileChangeSchema>;

export type ProfileListMember = Static<typeof ProfileLists.ProfileListMemberSchema>;
export type ProfileList = Static<typeof ProfileLists.ProfileListSchema>;
export type ProfileListWrite = Static<typeof ProfileLists.ProfileListWriteSchema>;

export type SavedSearch = Static<typeof Searches.SavedSearchSchema>;
export type SavedSearchWrite = Static<typeof Searches.SavedSearchWriteSchema>;

export type ExecutionStatus = Static<typeof DataOperations.ExecutionStatusSchema>;
export type ExecutionResult = Static<typeof DataOperations.ExecutionResultSchema>;
export type ExecutionProgress = Static<typeof DataOperations.ExecutionProgressSchema>;
export type Execution = Static<typeof DataOperations.ExecutionSchema>;
export type DataSourceExecution = Static<typeof DataOperations.DataSourceExecutionSchema>;
export type FieldValues = Static<typeof DataOperations.FieldValuesSchema>;
export type FieldDefinition = Static<typeof DataOperations.FieldDefinitionSchema>;
export type ScheduleOption = Static<typeof DataOperations.ScheduleOptionSchema>;
export type DataSourceType = Static<typeof DataOperations.DataSourceTypeSchema>;
export type DataSourceDimensions = Static<typeof DataOperations.DataSourceDimensionsSchema>;
export type DataSource = Static<typeof DataOperations.DataSourceSchema>;
export type DataSourceWrite = Static<typeof DataOperations.DataSourceWriteSchema>;
export type PlatformConnectionType = Static<typeof DataOperations.PlatformConnectionTypeSchema>;
export type PlatformConnectionDimensions = Static<typeof DataOperations.PlatformConnectionDimensionsSchema>;
export type PlatformConnection = Static<typeof DataOperations.PlatformConnectionSchema>;
export type PlatformConnectionWrite = Static<typeof DataOperations.PlatformConnectionWriteSchema>;
export { EXECUTION_STATUSES, FINISHED_STATUSES } from './wire/data-operations';

export type Rule = Static<typeof Signals.RuleSchema>;
export type RuleWrite = Static<typeof Signals.RuleWriteSchema>;
export type RuleOperator = Static<typeof Signals.RuleOperatorSchema>;
export type RuleDetails = Static<typeof Signals.RuleDetailsSchema>;
export type Notification = Static<typeof Signals.NotificationSchema>;
export type NotificationType = Rule['notification_type'];
export type Priority = Rule['priority'];
export type NotificationStatus = Notification['notification_status'];
export type RulePreview = Static<typeof Signals.RulePreviewSchema>;
export type AlertAction = Static<typeof Alerts.AlertActionSchema>;
export type Snooze = Static<typeof Alerts.SnoozeSchema>;
export type SnoozeRequest = Static<typeof Alerts.SnoozeRequestSchema>;
export type RuleNoise = Static<typeof Alerts.RuleNoiseSchema>;
export type DigestSettings = Static<typeof Auth.DigestSettingsSchema>;
export type Session = Static<typeof Auth.SessionSchema>;
export type EndSessionsResponse = Static<typeof Auth.EndSessionsResponseSchema>;
export { ALERT_ACTIONS, SNOOZE_DAYS, type AlertActionName } from './wire/alerts';

export type AuditEntry = Static<typeof Audit.AuditEntrySchema>;
export { AUDIT_ACTIONS, AUDIT_MASK, type AuditAction } from './wire/audit';
