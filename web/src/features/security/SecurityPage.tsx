import { IdcardOutlined, SmileOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Space } from 'antd';
import { ChangePasswordCard } from './ChangePasswordCard';
import { GoogleAuthenticatorCard } from './GoogleAuthenticatorCard';
import { OwnSessionsCard } from './OwnSessionsCard';
import { PasskeysCard } from './PasskeysCard';
import { RecoveryCodesCard } from './RecoveryCodesCard';
import { UnavailableCard } from './UnavailableCard';
import './security.css';

/**
 * /security: the signed-in staff member's own security settings. Each section is a card of its own: Change
 * password, Google Authenticator, Passkeys, Recovery codes, Your sessions, then the product's SMS and identity
 * sections, which staff accounts do not have (shown disabled, with the reason).
 */
export default function SecurityPage() {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <ChangePasswordCard />
      </Col>
      <Col xs={24} xl={12}>
        <GoogleAuthenticatorCard />
      </Col>
      <Col xs={24} xl={12}>
        <PasskeysCard />
      </Col>
      <Col xs={24} xl={12}>
        <RecoveryCodesCard />
      </Col>
      <Col span={24}>
        <OwnSessionsCard />
      </Col>
      <Col xs={24} xl={12}>
        <UnavailableCard
          title="SMS two-step verification"
          explanation="Codes by text message are for customer accounts. Staff accounts sign in with Google Authenticator."
        >
          <Form layout="vertical" component="div">
            <Form.Item label="Phone number" htmlFor="security-phone">
              <Space.Compact className="full-width">
                <Input id="security-phone" type="tel" placeholder="+1 555 0100" />
                <Button>Send code</Button>
              </Space.Compact>
            </Form.Item>
            <Form.Item label="Code" htmlFor="security-sms-code">
              <Input id="security-sms-code" inputMode="numeric" placeholder="123456" />
            </Form.Item>
            <Button type="primary">Verify</Button>
          </Form>
        </UnavailableCard>
      </Col>
      <Col xs={24} xl={12}>
        <UnavailableCard
          title="Identity"
          explanation="Identity documents (an ID and a selfie holding it) are asked of customer accounts only."
        >
          <Space wrap>
            <Button icon={<IdcardOutlined />}>Upload ID</Button>
            <Button icon={<SmileOutlined />}>Upload selfie</Button>
          </Space>
        </UnavailableCard>
      </Col>
    </Row>
  );
}
