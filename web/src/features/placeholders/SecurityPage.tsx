import { IdcardOutlined, SmileOutlined } from '@ant-design/icons';
import { Button, Card, Col, Input, Row, Space } from 'antd';
import { QrCode } from '../../components/QrCode';
import type { ReactNode } from 'react';
import { StaticPreviewNote } from './StaticPreviewNote';
import './placeholders.css';

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** /security: the static mock of the security settings (nothing is wired). */
export default function SecurityPage() {
  return (
    <>
      <StaticPreviewNote />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title="Change password">
            <Labelled id="security-old" label="Old password">
              <Input.Password id="security-old" autoComplete="off" />
            </Labelled>
            <Labelled id="security-new" label="New password">
              <Input.Password id="security-new" autoComplete="off" />
            </Labelled>
            <Labelled id="security-confirm" label="Confirm new password">
              <Input.Password id="security-confirm" autoComplete="off" />
            </Labelled>
            <Button type="primary">Change password</Button>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Google Authenticator">
            <Space align="start" size="large">
              <QrCode value="otpauth://totp/Xapa:preview?secret=PREVIEWONLY&issuer=Xapa" size={120} label="QR code of an authenticator set-up (preview)" />
              <div>
                <Labelled id="security-ga-code" label="Code">
                  <Input id="security-ga-code" inputMode="numeric" placeholder="123456" />
                </Labelled>
                <Button type="primary">Enable</Button>
              </div>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="SMS two-step verification">
            <Labelled id="security-phone" label="Phone number">
              <Space.Compact className="full-width">
                <Input id="security-phone" type="tel" placeholder="+1 555 0100" />
                <Button>Send code</Button>
              </Space.Compact>
            </Labelled>
            <Labelled id="security-sms-code" label="Code">
              <Input id="security-sms-code" inputMode="numeric" placeholder="123456" />
            </Labelled>
            <Button type="primary">Verify</Button>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Identity">
            <p className="muted">Upload an identity document and a selfie holding it.</p>
            <Space wrap>
              <Button icon={<IdcardOutlined />}>Upload ID</Button>
              <Button icon={<SmileOutlined />}>Upload selfie</Button>
            </Space>
          </Card>
        </Col>
      </Row>
    </>
  );
}
