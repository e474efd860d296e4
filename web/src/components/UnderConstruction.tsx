import { Empty } from 'antd';

export const UNDER_CONSTRUCTION = 'This screen is being built.';

/** Stands in for a screen a later issue builds, so the menu is whole already. */
export default function UnderConstruction() {
  return <Empty className="under-construction" image={Empty.PRESENTED_IMAGE_SIMPLE} description={UNDER_CONSTRUCTION} />;
}
