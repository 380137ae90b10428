// Day and month names for Mantine's date pickers in every supported language but English (dayjs's own).
import 'dayjs/locale/ca';
import 'dayjs/locale/es';
