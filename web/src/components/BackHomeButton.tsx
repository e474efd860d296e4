import { Button } from 'antd';
import { useNavigate } from 'react-router';

export function BackHomeButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/')}>
      Back to the dashboard
    </Button>
  );
}
