// What the platform connection categories (GET /platform-connections/dimensions/) say
// about a connection: its category's label and parameter definitions.
import type { PlatformConnectionDimensions, PlatformConnectionType } from '../../types/api';
import { useTypeDefinitions } from '../shared/useTypeDefinitions';

export const usePlatformConnectionDimensions = () => useTypeDefinitions<PlatformConnectionDimensions>('platform-connections');

export function categoryOf(dimensions: PlatformConnectionDimensions | undefined, internalName: string): PlatformConnectionType | undefined {
  if (!dimensions) return undefined;
  return dimensions[internalName] ?? Object.values(dimensions).find((category) => category.internal_name === internalName);
}

/** The category's label; its internal name until the labels are known. */
export function categoryLabel(dimensions: PlatformConnectionDimensions | undefined, internalName: string): string {
  return categoryOf(dimensions, internalName)?.label ?? internalName;
}
