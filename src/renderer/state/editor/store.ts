import { createDomainStore } from '../create-store';
import { createEditorActions } from './actions';
import { initialEditorState } from './initialState';

export const useEditorStore = createDomainStore(initialEditorState, createEditorActions);
export * from './initialState';
export * from './selectors';
export { newTabId, untitledName } from './actions';
