import { ReportScreen } from '../ReportScreen';
import { BONUS_COLUMNS, BONUS_SORT_KEYS } from './bonusColumns';
import { BONUS_REPORT } from './bonusReport';

/** /bonusreport (ADMIN_BONUS_REPORT): bonuses paid for invitations. The shell shows the title 'Bonus Report'. */
export default function BonusReportPage() {
  return <ReportScreen source={BONUS_REPORT} columns={BONUS_COLUMNS} sortKeys={BONUS_SORT_KEYS} emptyText="No bonuses" />;
}
