// The domain's tests load its modules one by one (not through the index, which installs the step schemas as it
// loads): the table is installed here, as the server has it (decision 0077).
import '../src/journeys/step-schemas';
