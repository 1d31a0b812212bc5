/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * PI-spec protocols Debian's gnu-efi 3.0.15 does not declare (QEMU 7.2, as measured):
 * EFI_MP_SERVICES_PROTOCOL (PI vol. 2, 13.4) and EFI_CPU_ARCH_PROTOCOL
 * (PI vol. 2, 12.3), laid out as EDK2's MdePkg declares them.
 */
#ifndef EFIPMU_PROTOCOLS_H
#define EFIPMU_PROTOCOLS_H

#include <efi.h>
#include <efidebug.h>   /* EFI_EXCEPTION_TYPE, EFI_SYSTEM_CONTEXT */

#define EFIPMU_MP_SERVICES_GUID \
	{ 0x3fdda605, 0xa76e, 0x4f46, { 0xad, 0x29, 0x12, 0xf4, 0x53, 0x1b, 0x3d, 0x08 } }
#define EFIPMU_CPU_ARCH_GUID \
	{ 0x26baccb1, 0x6f42, 0x11d4, { 0xbc, 0xe7, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }

#define PROCESSOR_AS_BSP_BIT 0x1
#define PROCESSOR_ENABLED_BIT 0x2
#define PROCESSOR_HEALTH_STATUS_BIT 0x4
/* ORed into GetProcessorInfo's number: fill ExtendedInformation too (UEFI PI 1.7 vol. 2 13.4.3) */
#define EFIPMU_CPU_V2_EXTENDED_TOPOLOGY (1u << 24)

typedef struct {
	UINT32 Package;
	UINT32 Core;
	UINT32 Thread;
} EFIPMU_CPU_PHYSICAL_LOCATION;

typedef struct {
	UINT32 Package;
	UINT32 Module;
	UINT32 Tile;
	UINT32 Die;
	UINT32 Core;
	UINT32 Thread;
} EFIPMU_CPU_PHYSICAL_LOCATION2;

/* PI 1.7 appended ExtendedInformation; firmware fills it only on request, but the buffer must hold it. */
typedef struct {
	UINT64 ProcessorId;
	UINT32 StatusFlag;
	EFIPMU_CPU_PHYSICAL_LOCATION Location;
	EFIPMU_CPU_PHYSICAL_LOCATION2 ExtendedInformation;
} EFIPMU_PROCESSOR_INFORMATION;

typedef VOID (EFIAPI *EFIPMU_AP_PROCEDURE)(VOID *Buffer);

typedef struct _EFIPMU_MP_SERVICES EFIPMU_MP_SERVICES;
struct _EFIPMU_MP_SERVICES {
	EFI_STATUS (EFIAPI *GetNumberOfProcessors)(EFIPMU_MP_SERVICES *This, UINTN *Number,
						   UINTN *NumberEnabled);
	EFI_STATUS (EFIAPI *GetProcessorInfo)(EFIPMU_MP_SERVICES *This, UINTN ProcessorNumber,
					      EFIPMU_PROCESSOR_INFORMATION *Info);
	EFI_STATUS (EFIAPI *StartupAllAPs)(EFIPMU_MP_SERVICES *This, EFIPMU_AP_PROCEDURE Procedure,
					   BOOLEAN SingleThread, EFI_EVENT WaitEvent,
					   UINTN TimeoutInMicroSeconds, VOID *Argument,
					   UINTN **FailedCpuList);
	EFI_STATUS (EFIAPI *StartupThisAP)(EFIPMU_MP_SERVICES *This, EFIPMU_AP_PROCEDURE Procedure,
					   UINTN ProcessorNumber, EFI_EVENT WaitEvent,
					   UINTN TimeoutInMicroseconds, VOID *Argument,
					   BOOLEAN *Finished);
	EFI_STATUS (EFIAPI *SwitchBSP)(EFIPMU_MP_SERVICES *This, UINTN ProcessorNumber,
				       BOOLEAN EnableOldBSP);
	EFI_STATUS (EFIAPI *EnableDisableAP)(EFIPMU_MP_SERVICES *This, UINTN ProcessorNumber,
					     BOOLEAN EnableAP, UINT32 *HealthFlag);
	EFI_STATUS (EFIAPI *WhoAmI)(EFIPMU_MP_SERVICES *This, UINTN *ProcessorNumber);
};

typedef VOID (EFIAPI *EFIPMU_CPU_INTERRUPT_HANDLER)(EFI_EXCEPTION_TYPE InterruptType,
						      EFI_SYSTEM_CONTEXT SystemContext);

typedef struct _EFIPMU_CPU_ARCH EFIPMU_CPU_ARCH;
struct _EFIPMU_CPU_ARCH {
	EFI_STATUS (EFIAPI *FlushDataCache)(EFIPMU_CPU_ARCH *This, EFI_PHYSICAL_ADDRESS Start,
					    UINT64 Length, UINTN FlushType);
	EFI_STATUS (EFIAPI *EnableInterrupt)(EFIPMU_CPU_ARCH *This);
	EFI_STATUS (EFIAPI *DisableInterrupt)(EFIPMU_CPU_ARCH *This);
	EFI_STATUS (EFIAPI *GetInterruptState)(EFIPMU_CPU_ARCH *This, BOOLEAN *State);
	EFI_STATUS (EFIAPI *Init)(EFIPMU_CPU_ARCH *This, UINTN InitType);
	EFI_STATUS (EFIAPI *RegisterInterruptHandler)(EFIPMU_CPU_ARCH *This,
						      EFI_EXCEPTION_TYPE InterruptType,
						      EFIPMU_CPU_INTERRUPT_HANDLER Handler);
	EFI_STATUS (EFIAPI *GetTimerValue)(EFIPMU_CPU_ARCH *This, UINT32 TimerIndex,
					   UINT64 *TimerValue, UINT64 *TimerPeriod);
	EFI_STATUS (EFIAPI *SetMemoryAttributes)(EFIPMU_CPU_ARCH *This,
						 EFI_PHYSICAL_ADDRESS BaseAddress, UINT64 Length,
						 UINT64 Attributes);
	UINT32 NumberOfTimers;
	UINT32 DmaBufferAlignment;
};

#endif
