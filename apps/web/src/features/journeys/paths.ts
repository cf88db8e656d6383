/** Where an organisation user picks the type of a new application; the route table names it without loading the journey pages. */
export const SELECT_TYPE_PATH = '/csg-apply/select-application-type';
